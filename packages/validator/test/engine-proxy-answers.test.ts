/**
 * The recording proxy's own answers (`proxy: true`): no finding located at one blames a peer, and a session whose
 * server never spoke while the proxy answered is never a pass. The traces are the real SDK v2 HTTP session of the
 * corpus with the proxy's 502 in place of the server's answers (from one request on, or from the first): what the
 * recorder writes when the upstream goes away or was never there (packages/cli/test/unreached-upstream.test.ts
 * records the latter live).
 */
import { readFileSync } from "node:fs";
import type { HttpEvent, TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { validate } from "../src/engine/judge.js";
import type { CheckDefinition } from "../src/engine/types.js";
import { registry, requirement } from "./engine-fixtures.js";

const REAL = new URL("../../../corpus/2026-07-28/real/sdk2-pin-http.jsonl", import.meta.url);
const real = (): TraceEvent[] =>
  readFileSync(REAL, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as TraceEvent);

/** The session with every server answer from the `from`-th HTTP response on made by the proxy instead. */
function upstreamLost(from: number): TraceEvent[] {
  const out: TraceEvent[] = [];
  let responses = 0;
  let dropBody = false;
  for (const event of real()) {
    if (event.kind === "http" && event.direction === "server-to-client" && responses++ >= from) {
      const answer: HttpEvent = { ...event, status: 502, headers: { "content-type": "text/plain" }, proxy: true };
      out.push(answer);
      dropBody = true;
    } else if (event.direction === "server-to-client" && event.kind === "message" && dropBody) {
    } else {
      if (event.direction === "client-to-server") dropBody = false;
      out.push(event);
    }
  }
  return out.map((event, seq) => ({ ...event, seq }));
}

describe("the recording proxy's own answers", () => {
  it("blame nobody: the session that lost its upstream half-way judges as the real one did, without a finding", () => {
    const report = validate(upstreamLost(2));
    expect(report.requirements.flatMap((row) => row.findings ?? [])).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.unreached).toBeUndefined();
  });

  it("make a session whose server never spoke unjudgeable, never a pass", () => {
    const events = upstreamLost(0);
    const report = validate(events);
    expect(report.unreached).toBe(events.filter((e) => e.kind === "http" && e.proxy === true).length);
    expect(report.verdict).toBe("nothing-judged");
  });

  it("drop a finding a check locates at one", () => {
    const events = upstreamLost(2);
    const proxied = events.filter((e) => e.kind === "http" && e.proxy === true).map((e) => e.seq);
    const blamesEveryResponse: CheckDefinition = {
      id: "test.blames-every-response",
      description: "reports every server HTTP response",
      subscribe: { events: ["http"] },
      create: (ctx) => ({
        event(event) {
          ctx.examined();
          if (event.direction === "server-to-client") ctx.report(event.seq, "blamed");
        },
      }),
    };
    const reg = registry([requirement("TEST-001", { checks: ["test.blames-every-response"] })], "2026-07-28");
    const report = validate(events, { registry: reg, checks: [blamesEveryResponse] });
    const seqs = (report.requirements[0]!.findings ?? []).map((finding) => finding.seq);
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.filter((seq) => proxied.includes(seq!))).toEqual([]);
  });
});
