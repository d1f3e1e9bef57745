/**
 * The lines `record` prints on stderr when it ends: where each trace went and how many events it holds, and how
 * many observations were lost (a sink too slow, a failed write), which shows as gaps in the trace's `seq`.
 */
import type { RecorderStats } from "@mcp-conf/recorder";

const PREFIX = "mcp-conf record:";

/** Lines for one session's trace. */
export function summaryLines(stats: RecorderStats): string[] {
  const lines: string[] = [];
  for (const sink of stats.sinks) {
    if (sink.name !== "file" || sink.path === undefined) continue;
    lines.push(`${PREFIX} trace written to ${sink.path} (${sink.written} events)`);
    const lost = sink.dropped + Math.max(0, sink.delivered - sink.written);
    if (lost > 0) {
      lines.push(`${PREFIX} ${lost} observation(s) dropped from ${sink.path}; its seq has gaps where they were`);
    }
    for (const error of sink.errors.slice(0, 3)) lines.push(`${PREFIX} ${sink.path}: ${error}`);
  }
  return lines;
}
