/**
 * Live equals batch, over every committed corpus trace of every revision: replayed event by event through the live
 * judge, nothing is printed live that the whole-trace report does not hold, every finding of that report is printed
 * by the end, and no finding is printed before the event it points at has been judged. The traces are judged one
 * after another on one judge thread, as a `JudgeThread` does, so the validator is loaded once.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { JudgeThread, type LivePass } from "@mcp-conf/live-judge";
import { readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";

const corpus = join(import.meta.dirname, "../../../corpus");
/** `<revision>/<good|violations|real>/<name>.jsonl` for every revision's corpus. */
const traces = readdirSync(corpus)
  .filter((revision) => /^\d{4}-\d{2}-\d{2}$/.test(revision))
  .flatMap((revision) =>
    ["good", "violations", "real"].flatMap((dir) =>
      (existsSync(join(corpus, revision, dir)) ? readdirSync(join(corpus, revision, dir)) : [])
        .filter((name) => name.endsWith(".jsonl"))
        .map((name) => join(revision, dir, name)),
    ),
  );

const thread = new JudgeThread();
afterAll(() => thread.close());

async function replay(events: TraceEvent[]) {
  const passes: LivePass[] = [];
  const judge = await thread.session({ pacing: 0, onPass: (pass) => passes.push(pass) });
  for (const event of events) {
    judge.observe(event);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { passes, summary: await judge.close() };
}

describe("a corpus trace replayed through the live judge", () => {
  it("has traces to replay at every revision", () => {
    expect(traces.length).toBeGreaterThan(10);
    expect(new Set(traces.map((trace) => trace.split(/[\\/]/)[0])).size).toBeGreaterThanOrEqual(4);
  });

  for (const trace of traces) {
    it(`${trace}: prints live only what the report holds, and everything by the end`, async () => {
      const events: TraceEvent[] = [];
      for await (const event of readTraceFile(join(corpus, trace))) events.push(event);
      const { passes, summary } = await replay(events);
      expect(summary.error).toBeUndefined();
      const live = passes.flatMap((pass) => pass.findings);

      // The judge compares what it printed with the report: a live finding the report does not hold is withdrawn.
      expect(summary.withdrawn).toEqual([]);
      const reportRows = summary.report!.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn");
      const reportCount = reportRows.reduce((n, row) => n + (row.findings?.length ?? 0), 0);
      expect(live.length + summary.endFindings.length).toBe(reportCount);
      for (const pass of passes) {
        for (const finding of pass.findings) {
          if (finding.seq !== undefined) expect(finding.seq).toBeLessThanOrEqual(pass.lastSeq);
        }
      }
    });
  }
});
