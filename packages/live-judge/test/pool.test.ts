/**
 * The judge pool: sessions interleaved on a fixed number of threads are each judged as `validate` judges them alone,
 * and each sends its report once.
 */
import { join } from "node:path";
import { JudgePool, type LivePass } from "@mcp-conf/live-judge";
import { readTraceFile, serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { afterAll, describe, expect, it } from "vitest";

const corpus = join(import.meta.dirname, "../../../corpus");
const TRACES = [
  "2025-11-25/good/base-stdio-session.jsonl",
  "2025-11-25/violations/tool-006-name-charset.jsonl",
  "2025-11-25/violations/life-003-initialized-missing.jsonl",
  "2025-06-18/violations/tran-005-stdio-batch.jsonl",
  "2025-11-25/violations/base-002-jsonrpc-version.jsonl",
];

async function events(trace: string): Promise<TraceEvent[]> {
  const all: TraceEvent[] = [];
  for await (const event of readTraceFile(join(corpus, trace))) all.push(event);
  return all;
}

describe("a judge pool", () => {
  const pool = new JudgePool({ threads: 2 });
  afterAll(() => pool.close());

  it("judges interleaved sessions on two threads, each as validate judges it alone", async () => {
    const traces = await Promise.all(TRACES.map(events));
    const passes: LivePass[][] = traces.map(() => []);
    const judges = traces.map((_, i) => pool.session({ pacing: 0, onPass: (pass) => passes[i]!.push(pass) }));
    expect(pool.sessions).toEqual({ started: TRACES.length, open: TRACES.length });
    await pool.ready;
    // Round robin: every session gets its next event before any gets two.
    const longest = Math.max(...traces.map((t) => t.length));
    for (let at = 0; at < longest; at++)
      for (const [i, trace] of traces.entries()) if (at < trace.length) judges[i]!.observe(trace[at]!);
    const summaries = await Promise.all(judges.map((judge) => judge.close()));
    for (const [i, summary] of summaries.entries()) {
      expect(summary.error).toBeUndefined();
      expect(summary.report).toEqual(validate(traces[i]!));
      expect(summary.withdrawn).toEqual([]);
    }
    expect(passes[1]!.flatMap((pass) => pass.findings).map((f) => f.requirement)).toContain("TOOL-006");
    await expect.poll(() => pool.sessions.open).toBe(0);
  });

  it("judges trace lines handed over as written (parsed on its thread) as it judges the events", async () => {
    const trace = await events(TRACES[2]!);
    const judge = pool.session({ pacing: 0 });
    for (const event of trace) judge.observeLine(serializeEvent(event));
    const summary = await judge.close();
    expect(summary.error).toBeUndefined();
    expect(summary.report).toEqual(validate(trace));
  });

  it("stops judging at a line that is no JSON, and says so", async () => {
    const trace = await events(TRACES[0]!);
    const errors: string[] = [];
    const judge = pool.session({ pacing: 0, onError: (message) => errors.push(message) });
    judge.observeLine(serializeEvent(trace[0]!));
    judge.observeLine('{"seq":1,"kind":');
    const summary = await judge.close();
    expect(summary.report).toBeUndefined();
    expect(summary.error).toMatch(/JSON/);
    expect(errors).toEqual([summary.error]);
  });

  it("refuses a pool of no threads with a clear error", () => {
    expect(() => new JudgePool({ threads: 0 })).toThrow(/1 or more/);
  });
});
