/**
 * What each watched session feeds besides the terminal: `--otlp` spans (findings as span events, what the exporter
 * lost counted into the report) and the `--ui` live view's feed (the view follows the latest session).
 */
import { liveJudgement } from "@mcp-conf/export";
import type { SessionOutput } from "@mcp-conf/live-judge";
import { createOtlpSink, describeSummary, spanFindingsFromLive } from "@mcp-conf/otel-mapper";
import type { LiveView } from "./ui.js";

export function sessionOutputs(
  otlp: { url: string; headers: Record<string, string> } | undefined,
  view: LiveView | undefined,
): (session: string) => SessionOutput[] {
  return () => [...(otlp ? [spanOutput(otlp)] : []), ...(view ? [feedOutput(view)] : [])];
}

function spanOutput(otlp: { url: string; headers: Record<string, string> }): SessionOutput {
  const spans = createOtlpSink({ url: otlp.url, headers: otlp.headers });
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

function feedOutput(view: LiveView): SessionOutput {
  const feed = view.newFeed();
  return {
    observe: (event) => feed.observe(event),
    pass: (findings) => feed.addFindings(findings),
    end(summary) {
      feed.end(liveJudgement(summary));
      return undefined;
    },
  };
}
