/**
 * Judging a built trace in the checks' unit tests: the findings of the one check a test is about, how many subjects
 * it examined, and the report's view (finding lines, a requirement's outcome). Traces come from @mcp-conf/testing.
 */

import type { TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, validate } from "../../src/engine/judge.js";
import type { Finding, Report } from "../../src/engine/types.js";

/** Judges a trace; returns the findings of one check and how many subjects it examined. */
export function judged(check: string, events: readonly TraceEvent[]): { findings: Finding[]; examined: number } {
  const judge = createJudge();
  for (const event of events) judge.observe(event);
  judge.finish();
  return {
    findings: judge.findings().filter((finding) => finding.check === check),
    examined: judge.checkStats().find((stats) => stats.check === check)?.examined ?? 0,
  };
}

/** The findings of one check over a whole trace. */
export function findingsOf(check: string, events: readonly TraceEvent[]): Finding[] {
  return judged(check, events).findings;
}

/** How many subjects a check examined over a whole trace. */
export function examinedBy(check: string, events: readonly TraceEvent[]): number {
  return judged(check, events).examined;
}

/** Closes the session and judges it into a report. */
export function reportOf(trace: TraceBuilder): Report {
  return validate(trace.close().events);
}

/** The findings of one check in a report, as `seq: detail` lines. */
export function findingLines(report: Report, check: string): string[] {
  const lines = new Set<string>();
  for (const row of report.requirements) {
    for (const finding of row.findings ?? []) {
      if (finding.check === check) lines.add(`${finding.seq}: ${finding.detail}`);
    }
  }
  return [...lines];
}

/** The outcome of one requirement. */
export function outcomeOf(report: Report, id: string): string | undefined {
  return report.requirements.find((row) => row.id === id)?.outcome;
}
