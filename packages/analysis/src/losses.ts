/**
 * What the trace shows the recorder missed: gaps in seq (the recorder numbers every observation before a sink can
 * drop it), messages cut at --max-message-bytes, pairing problems, and a trace with no transport end.
 */

import type { CorrelationIssue } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { ObservationLosses } from "./model.js";

export class LossTracker {
  private lastSeq: number | undefined;
  private readonly gaps: ObservationLosses["seqGaps"] = [];
  private readonly truncated: ObservationLosses["truncated"] = [];
  private readonly correlationIssues: CorrelationIssue[] = [];

  event(event: TraceEvent): void {
    if (this.lastSeq !== undefined && event.seq > this.lastSeq + 1) {
      this.gaps.push({ after: this.lastSeq, before: event.seq, missing: event.seq - this.lastSeq - 1 });
    }
    this.lastSeq = event.seq;
    if (event.kind === "raw" && event.truncated) {
      this.truncated.push(event.bytes === undefined ? { seq: event.seq } : { seq: event.seq, bytes: event.bytes });
    }
  }

  issues(issues: readonly CorrelationIssue[]): void {
    for (const issue of issues) this.correlationIssues.push(issue);
  }

  summary(unclosed: boolean): ObservationLosses {
    return {
      seqGaps: [...this.gaps],
      missingEvents: this.gaps.reduce((sum, gap) => sum + gap.missing, 0),
      truncated: [...this.truncated],
      correlationIssues: [...this.correlationIssues],
      unclosed,
    };
  }
}
