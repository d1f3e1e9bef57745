/**
 * What a recording lost, and the lines `record` prints on stderr when it ends: where each trace went and how many events it holds, and how
 * many observations were lost (a sink too slow, a failed write), which shows as gaps in the trace's `seq`; and, for a
 * trace longer than the readers' default event limit, the option that reads it.
 */
import type { RecorderStats } from "./recorder.js";
import type { SinkStats } from "./sink.js";

/** Observations that never reached a trace file: dropped before it, or handed to it and not written. */
export function fileLosses(sink: SinkStats): number {
  return sink.dropped + unwritten(sink);
}

/** Observations handed to a trace file and not written (a failed write). */
function unwritten(sink: SinkStats): number {
  return Math.max(0, sink.delivered - sink.written);
}

/**
 * Observations lost by the session's trace files; `unwrittenOnly`: only those handed to a file and not written (what
 * a judge on the file's own thread saw although the file does not hold them).
 */
export function traceLosses(stats: RecorderStats, unwrittenOnly = false): number {
  let lost = 0;
  for (const sink of stats.sinks) if (sink.name === "file") lost += unwrittenOnly ? unwritten(sink) : fileLosses(sink);
  return lost;
}

/**
 * Lines for one session's trace, each starting with `prefix` (`mcp-conf record:` or `mcp-conf watch:`). `quiet`
 * leaves out the "trace written" line but never a loss or an error.
 */
export function recordingSummaryLines(stats: RecorderStats, prefix = "mcp-conf record:", quiet = false): string[] {
  const lines: string[] = [];
  for (const sink of stats.sinks) {
    lines.push(...otlpLogsLines(sink, prefix));
    if (sink.name !== "file" || sink.path === undefined) continue;
    if (!quiet) lines.push(`${prefix} trace written to ${sink.path} (${sink.written} events)`);
    const lost = fileLosses(sink);
    if (lost > 0) {
      lines.push(`${prefix} ${lost} observation(s) dropped from ${sink.path}; its seq has gaps where they were`);
    }
    for (const error of sink.errors.slice(0, 3)) lines.push(`${prefix} ${sink.path}: ${error}`);
  }
  return lines;
}

/** The lines for a session's OTLP log records: how many the collector took, and what was lost and why. */
export function otlpLogsLines(sink: SinkStats, prefix: string): string[] {
  if (sink.name !== "otlp-logs") return [];
  const lines: string[] = [];
  if (sink.dropped > 0) {
    lines.push(`${prefix} ${sink.dropped} event(s) not exported as OTLP log records (${sink.written} were)`);
    for (const error of sink.errors.slice(0, 3)) lines.push(`${prefix} otlp-logs: ${error}`);
  }
  return lines;
}
