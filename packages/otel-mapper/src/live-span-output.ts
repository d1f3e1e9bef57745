/**
 * `watch --otlp`: one span per exchange of a live-judged session, the judge's findings as span events. The output a
 * live judge feeds for each session (the shape of `@mcp-conf/live-judge`'s `SessionOutput`): each pass's findings
 * placed on the spans judged so far, what the exporter lost counted into the session's report, and at the end the
 * session's last findings and one line that says what was exported.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { AttributedFinding } from "@mcp-conf/validator";
import { spanFindingsFromLive } from "./findings.js";
import { createOtlpSink, type OtlpSinkOptions } from "./otlp-sink.js";
import { describeSummary } from "./summary.js";

export interface OtlpSessionOutput {
  observe(event: TraceEvent): void;
  /** A judging pass's new findings, judged through `lastSeq`. */
  pass(findings: readonly AttributedFinding[], lastSeq: number): void;
  /** Spans dropped or refused so far. */
  lost(): number;
  /** Adds the session's end findings, sends what is left; resolves to the summary line (`describeSummary`). */
  end(summary: { endFindings: readonly AttributedFinding[] }): Promise<string>;
}

/** A new exporter for one session's spans. */
export function otlpSessionOutput(options: OtlpSinkOptions): OtlpSessionOutput {
  const spans = createOtlpSink(options);
  return {
    observe: (event) => spans.observe(event),
    pass(findings, lastSeq) {
      spans.addFindings(spanFindingsFromLive(findings), lastSeq);
      spans.judgedThrough(lastSeq);
    },
    lost() {
      const sofar = spans.summary();
      return sofar.dropped + sofar.failed;
    },
    async end(summary) {
      spans.finish();
      spans.addFindings(spanFindingsFromLive(summary.endFindings));
      return describeSummary(await spans.close());
    },
  };
}
