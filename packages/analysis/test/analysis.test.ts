/**
 * The analysis model on real recorded sessions (server-everything driven by the official SDK client) and on the
 * corpus traces that show cancellations; a hand-cut trace only for what a real session cannot show on demand (a
 * dropped observation, a session still running).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isPlainObject, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { Analyzer, analyzeTrace, type CallEntry } from "../src/index.js";
import { nearestRank } from "../src/stats.js";

const corpus = fileURLToPath(new URL("../../../corpus/2025-11-25/", import.meta.url));
const load = (path: string): TraceEvent[] => readTraceSync(readFileSync(`${corpus}${path}`));
const calls = (timeline: { kind: string }[]) => timeline.filter((e): e is CallEntry => e.kind === "call");

/** Every request in a trace, read straight off the payloads: [seq, method, id]. */
function requestsIn(events: TraceEvent[]): [number, string, unknown][] {
  const out: [number, string, unknown][] = [];
  for (const event of events) {
    if (event.kind !== "message" || !isPlainObject(event.payload)) continue;
    const { method, id } = event.payload;
    if (typeof method === "string" && id !== undefined) out.push([event.seq, method, id]);
  }
  return out;
}

describe("a real server-everything session", () => {
  for (const name of ["real/everything-stdio.jsonl", "real/everything-http.jsonl"]) {
    it(`pairs every request of ${name} with the answer carrying its id`, async () => {
      const events = load(name);
      const analysis = await analyzeTrace(events, { contextCost: false });
      const found = calls(analysis.timeline);
      expect(found.map((c) => [c.seq, c.method, c.id])).toEqual(requestsIn(events));
      const bySeq = new Map(events.map((e) => [e.seq, e]));
      for (const call of found) {
        expect(call.status).not.toBe("pending");
        const answer = bySeq.get(call.responseSeq!);
        expect(answer?.kind === "message" && isPlainObject(answer.payload) && answer.payload.id).toBe(call.id);
      }
      expect(analysis.counts.calls).toBe(found.length);
      expect(analysis.protocol.negotiated).toBe("2025-11-25");
      expect(analysis.peers.server?.name).toBe("mcp-servers/everything");
      expect(Object.keys(analysis.capabilities.server ?? {})).toContain("tools");
      expect(analysis.session.ended).toBe("close");
      expect(analysis.losses.missingEvents).toBe(0);
    });
  }

  it("calls the unknown tool a tool error (the SDK answers isError: true) and every other call ok", async () => {
    const analysis = await analyzeTrace(load("real/everything-stdio.jsonl"), { contextCost: false });
    const failing = calls(analysis.timeline).filter((c) => c.status !== "ok");
    expect(failing.map((c) => [c.method, c.target, c.status])).toEqual([["tools/call", "no-such-tool", "tool-error"]]);
    const tool = analysis.tools.find((t) => t.name === "no-such-tool");
    expect(tool?.byStatus["tool-error"]).toBe(1);
    expect(analysis.counts.byStatus["tool-error"]).toBe(1);
  });

  it("keeps stderr lines and notifications in seq order on the timeline", async () => {
    const events = load("real/everything-stdio.jsonl");
    const analysis = await analyzeTrace(events, { contextCost: false });
    const stderr = events.filter((e) => e.kind === "stderr").map((e) => e.seq);
    expect(analysis.timeline.filter((e) => e.kind === "stderr").map((e) => e.seq)).toEqual(stderr);
    expect(analysis.counts.stderr).toBe(stderr.length);
    const progress = analysis.timeline.filter(
      (e) => e.kind === "notification" && e.method === "notifications/progress",
    );
    expect(progress.length).toBe(3);
    const seqs = analysis.timeline.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it("lists the tools as the server's tools/list answered them", async () => {
    const events = load("real/everything-stdio.jsonl");
    const analysis = await analyzeTrace(events, { contextCost: false });
    const listed = events.find(
      (e) =>
        e.kind === "message" &&
        isPlainObject(e.payload) &&
        isPlainObject(e.payload.result) &&
        Array.isArray(e.payload.result.tools),
    );
    const tools = (listed as { payload: { result: { tools: { name: string }[] } } }).payload.result.tools;
    expect(analysis.definitions.tools.map((d) => d.name)).toEqual(tools.map((t) => t.name));
    expect(analysis.definitions.tools[0]?.definition).toEqual(tools[0]);
    expect(analysis.definitions.prompts.length).toBeGreaterThan(0);
    expect(analysis.definitions.resources.length).toBeGreaterThan(0);
  });
});

describe("latency", () => {
  it("is the answer's time stamp minus the request's, with nearest-rank percentiles per method and tool", async () => {
    const events = load("good/base-http-everything-concurrent.jsonl");
    const analysis = await analyzeTrace(events, { contextCost: false });
    const ts = new Map(events.map((e) => [e.seq, e.ts]));
    const timed = calls(analysis.timeline);
    expect(timed.every((c) => c.latencyMs === Date.parse(ts.get(c.responseSeq!)!) - Date.parse(ts.get(c.seq)!))).toBe(
      true,
    );
    const echo = timed
      .filter((c) => c.target === "echo")
      .map((c) => c.latencyMs!)
      .sort((a, b) => a - b);
    const stats = analysis.tools.find((t) => t.name === "echo")!;
    expect(stats.latency).toEqual({
      measured: echo.length,
      p50: echo[Math.ceil(echo.length * 0.5) - 1],
      p95: echo[Math.ceil(echo.length * 0.95) - 1],
      p99: echo[Math.ceil(echo.length * 0.99) - 1],
      max: echo[echo.length - 1],
    });
    const slowest = [...timed].sort((a, b) => b.latencyMs! - a.latencyMs! || a.seq - b.seq).slice(0, 10);
    expect(analysis.slowest.map((s) => s.seq)).toEqual(slowest.map((c) => c.seq));
    expect(analysis.session.durationMs).toBe(Date.parse(events.at(-1)!.ts!) - Date.parse(events[0]!.ts!));
  });

  it("is absent where the recorder stamped no time, and the percentiles then say nothing was measured", async () => {
    const analysis = await analyzeTrace(load("real/everything-stdio.jsonl"), { contextCost: false });
    expect(calls(analysis.timeline).every((c) => c.latencyMs === undefined)).toBe(true);
    expect(analysis.methods.every((m) => m.latency.measured === 0 && m.latency.p50 === undefined)).toBe(true);
  });

  it("takes the nearest rank", () => {
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2);
    expect(nearestRank([1, 2, 3, 4], 0.99)).toBe(4);
    expect(nearestRank([7], 0.01)).toBe(7);
    expect(nearestRank([], 0.5)).toBeUndefined();
  });
});

describe("cancellation", () => {
  it("a real cancelled call that was never answered is cancelled", async () => {
    const analysis = await analyzeTrace(load("good/canc-everything-client-features-stdio.jsonl"), {
      contextCost: false,
    });
    const cancelled = calls(analysis.timeline).filter((c) => c.status === "cancelled");
    expect(cancelled.map((c) => [c.seq, c.method, c.cancelledSeq])).toEqual([[19, "tools/call", 20]]);
  });

  it("a call is cancelled as soon as its notifications/cancelled is seen, live, and late once answered", () => {
    const events = load("violations/canc-007-response-after-cancel.jsonl");
    const analyzer = new Analyzer();
    const statuses: string[] = [];
    for (const event of events) {
      analyzer.observe(event);
      const last = calls(analyzer.snapshot().timeline).at(-1);
      if (last && statuses.at(-1) !== last.status) statuses.push(last.status);
    }
    expect(statuses).toEqual(["pending", "ok", "pending", "cancelled", "late-result"]);
  });

  it("an answer after the cancellation is a late result", async () => {
    const analysis = await analyzeTrace(load("violations/canc-007-response-after-cancel.jsonl"), {
      contextCost: false,
    });
    expect(calls(analysis.timeline).map((c) => c.status)).toEqual(["ok", "late-result"]);
  });

  it("a request still open when the trace ends is pending, and the trace is unclosed", async () => {
    const events = load("real/everything-stdio.jsonl");
    const cut = events.findIndex(
      (e) => e.kind === "message" && isPlainObject(e.payload) && e.payload.method === "tools/call",
    );
    const analysis = await analyzeTrace(events.slice(0, cut + 1), { contextCost: false });
    expect(calls(analysis.timeline).at(-1)?.status).toBe("pending");
    expect(analysis.counts.byStatus.pending).toBe(1);
    expect(analysis.losses.unclosed).toBe(true);
    expect(analysis.session.ended).toBe("open");
  });
});

describe("observation losses", () => {
  it("counts the events a gap in seq stands for", async () => {
    const events = load("real/everything-stdio.jsonl").filter((e) => e.seq !== 10 && e.seq !== 11 && e.seq !== 30);
    const analysis = await analyzeTrace(events, { contextCost: false });
    expect(analysis.losses.seqGaps).toEqual([
      { after: 9, before: 12, missing: 2 },
      { after: 29, before: 31, missing: 1 },
    ]);
    expect(analysis.losses.missingEvents).toBe(3);
  });

  it("names messages cut at --max-message-bytes", async () => {
    const events = load("real/everything-stdio.jsonl").slice(0, 3);
    events.push({
      seq: 3,
      direction: "server-to-client",
      transport: "stdio",
      kind: "raw",
      text: '{"jsonrpc":',
      truncated: true,
      bytes: 5_000_000,
    });
    const analysis = await analyzeTrace(events, { contextCost: false });
    expect(analysis.losses.truncated).toEqual([{ seq: 3, bytes: 5_000_000 }]);
    expect(analysis.timeline.at(-1)).toMatchObject({ kind: "raw", truncated: true });
  });
});

describe("the incremental analyzer", () => {
  it("hands a live view each new entry, then the call again once it is answered", () => {
    const events = load("real/everything-stdio.jsonl");
    const analyzer = new Analyzer();
    const request = events.findIndex(
      (e) => e.kind === "message" && isPlainObject(e.payload) && e.payload.method === "ping",
    );
    for (const event of events.slice(0, request + 1)) analyzer.observe(event);
    analyzer.takeChanged();
    const answer = events.findIndex(
      (e, i) => i > request && e.kind === "message" && isPlainObject(e.payload) && "result" in e.payload,
    );
    for (const event of events.slice(request + 1, answer + 1)) analyzer.observe(event);
    const changed = analyzer.takeChanged();
    expect(changed.map((e) => [e.kind, e.kind === "call" ? e.status : undefined])).toContainEqual(["call", "ok"]);
    expect(analyzer.takeChanged()).toEqual([]);
  });
});
