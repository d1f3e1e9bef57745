/** The end-of-session summary as one line for the terminal: what was exported, what was not, and why. */
import type { ExportSummary } from "./otlp-sink.js";

function reasonsOf(summary: ExportSummary): string {
  const entries = Object.entries(summary.reasons).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.map(([reason, count]) => `${count} ${reason}`).join("; ");
}

/** E.g. `otlp: 40 span(s) exported, 0 dropped, 12 failed (12 the collector answered HTTP 500)`. */
export function describeSummary(summary: ExportSummary): string {
  const lost = summary.dropped + summary.failed;
  const head = `otlp: ${summary.exported} span(s) exported, ${summary.dropped} dropped, ${summary.failed} failed`;
  const unplaced = summary.findingsUnplaced > 0 ? `; ${summary.findingsUnplaced} finding(s) found no span` : "";
  return lost > 0 ? `${head} (${reasonsOf(summary)})${unplaced}` : `${head}${unplaced}`;
}
