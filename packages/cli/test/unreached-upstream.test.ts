/**
 * A session whose upstream cannot be reached: the official SDK v2 client, pinned to 2026-07-28, connects through
 * `mcp-conf record http` to a port nothing listens on, and every request gets the recording proxy's own 502
 * (`proxy: true`). Nothing of the server can be judged, so the session must not pass: validate says the server was
 * never reached and exits 2, and no finding blames the server for the proxy's answers.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@mcp-conf/testing";
import { readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, spawnCli, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

describe("a session whose every request got the recording proxy's 502", () => {
  let trace: string;
  let events: TraceEvent[];

  beforeAll(async () => {
    const upstream = `http://127.0.0.1:${await freePort()}/mcp`;
    const output = join(dir.path, "{session}.jsonl");
    const recorder = spawnCli(
      ["record", "http", "--upstream", upstream, "--listen", "127.0.0.1:0", "-o", output],
      dir.path,
    );
    recorder.stdout!.resume();
    const line = await textOf(recorder.stderr!).waitFor(/proxying http:\/\/\S+\//);
    const url = new URL(line.replace(/^.*proxying /, "").trim());
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const client = new Client(
          { name: "unreached-test", version: "1.0.0" },
          { versionNegotiation: { mode: { pin: "2026-07-28" } } },
        );
        await expect(client.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow();
      }
    } finally {
      recorder.kill("SIGINT");
      await exitOf(recorder);
    }
    const [name] = readdirSync(dir.path).filter((file) => file.endsWith(".jsonl"));
    trace = join(dir.path, name!);
    events = [];
    for await (const event of readTraceFile(trace)) events.push(event);
  }, 60_000);

  it("records the proxy's own answers as such", () => {
    const answers = events.filter((e) => e.kind === "http" && e.direction === "server-to-client");
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.every((e) => e.kind === "http" && e.proxy === true && e.status === 502)).toBe(true);
  });

  it("is never a pass: nothing of the server was judged, and no finding blames it", () => {
    const report = validate(events);
    const proxyAnswers = events.filter((e) => e.kind === "http" && e.proxy === true).length;
    expect(report.unreached).toBe(proxyAnswers);
    expect(report.verdict).toBe("nothing-judged");
    const findings = report.requirements.flatMap((row) => row.findings ?? []);
    expect(findings.filter((finding) => finding.owner !== "client")).toEqual([]);
  });

  it("validate says the server was never reached, and exits 2", async () => {
    const run = spawnCli(["validate", trace], dir.path);
    const stderr = textOf(run.stderr!);
    run.stdout!.resume();
    expect(await exitOf(run)).toBe(2);
    expect(stderr.text()).toMatch(
      /judged nothing: the server was never reached \(the recording proxy made all \d+ response\(s\) itself\)/,
    );
  });
});
