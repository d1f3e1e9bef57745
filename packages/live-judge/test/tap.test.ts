/**
 * The live judge as a tap on another thread (how `watch stdio` runs it, on the recorder's trace thread): fed there
 * event by event, it prints only what the whole-trace report holds and everything by the end, and its report is the
 * batch report. A host worker stands in for the recorder's thread and loads the tap by the URL `liveJudgeTap` gives.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type LivePass, liveJudgeTap } from "@mcp-conf/live-judge";
import { S2C, TraceBuilder } from "@mcp-conf/testing";
import { readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { describe, expect, it } from "vitest";

const corpus = join(import.meta.dirname, "../../../corpus");
const HOST = new URL("./fixtures/tap-host.mjs", import.meta.url);

async function judgedOnTap(
  events: TraceEvent[],
  lost = 0,
  options: { slowPassMs?: number; chunk?: number; recorded?: number } = {},
) {
  const passes: LivePass[] = [];
  const { recorded, ...judging } = options;
  const { judge, tap } = liveJudgeTap({ pacing: 0, onPass: (pass) => passes.push(pass), ...judging });
  const host = new Worker(HOST, { workerData: { module: tap.module, data: tap.data }, transferList: tap.transfer });
  await judge.ready;
  const chunk = options.chunk ?? 3;
  for (let at = 0; at < events.length; at += chunk) host.postMessage(events.slice(at, at + chunk));
  host.postMessage("close");
  judge.lost(lost);
  if (recorded !== undefined) judge.recorded(recorded);
  const summary = await judge.close();
  await new Promise((resolve) => host.once("exit", resolve));
  return { passes, summary };
}

describe("the live judge on another thread's tap", () => {
  for (const trace of [
    "2025-11-25/good/base-stdio-session.jsonl",
    "2025-11-25/violations/tool-006-name-charset.jsonl",
    "2025-11-25/violations/base-002-jsonrpc-version.jsonl",
    "2025-11-25/violations/life-003-initialized-missing.jsonl",
    "2025-06-18/violations/tran-005-stdio-batch.jsonl",
  ]) {
    it(`${trace}: live findings are the report's, and the report is validate's`, async () => {
      const events: TraceEvent[] = [];
      for await (const event of readTraceFile(join(corpus, trace))) events.push(event);
      const { passes, summary } = await judgedOnTap(events);
      expect(summary.error).toBeUndefined();
      expect(summary.report).toEqual(validate(events));
      expect(summary.withdrawn).toEqual([]);
      const live = passes.flatMap((pass) => pass.findings);
      const rows = summary.report!.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn");
      expect(live.length + summary.endFindings.length).toBe(
        rows.reduce((n, row) => n + (row.findings?.length ?? 0), 0),
      );
      expect(summary.started).toBe(events.some((e) => e.kind === "message" && e.direction === "server-to-client"));
    });
  }

  it("counts losses it is told of after the trace ended", async () => {
    const events: TraceEvent[] = [];
    for await (const event of readTraceFile(join(corpus, "2025-11-25/violations/tool-006-name-charset.jsonl")))
      events.push(event);
    const { summary } = await judgedOnTap(events, 4);
    expect(summary.report!.capture).toMatchObject({ complete: false, missing: 4 });
  });

  it("counts as missing the observations the session recorded after the last one that reached it", async () => {
    const events: TraceEvent[] = [];
    for await (const event of readTraceFile(join(corpus, "2025-11-25/good/base-stdio-session.jsonl")))
      events.push(event);
    // The last three dropped on their way to the judge (a full queue before the trace thread): no later event shows
    // their gap.
    const { summary } = await judgedOnTap(events.slice(0, -3), 0, { recorded: events.length });
    expect(summary.report!.capture).toMatchObject({ complete: false, missing: 3 });
    const whole = await judgedOnTap(events, 0, { recorded: events.length });
    expect(whole.summary.report!.capture).toEqual({ complete: true, missing: 0 });
  });

  it("skips what arrives while its queue is full (20,000 waiting events) and counts each as missing", async () => {
    const trace = new TraceBuilder().handshake({ server: { logging: {} } });
    for (let i = 0; i < 30_000; i++) trace.notify("notifications/message", { level: "info", data: `line ${i}` }, S2C);
    // And 500 more the session recorded that never reached it (dropped before its thread, after all it skipped).
    const { summary } = await judgedOnTap(trace.events, 0, {
      slowPassMs: 20,
      chunk: trace.events.length,
      recorded: trace.events.length + 500,
    });
    expect(summary.error).toBeUndefined();
    expect(summary.report!.capture).toMatchObject({ complete: false, missing: trace.events.length + 500 - 20_000 });
  }, 120_000);
});
