/**
 * A whole trace read into the analysis model, for the commands that compare sessions (diff, baseline): a path, `-`
 * (standard input) or a session id from `mcp-conf sessions ls`, read with the reader's limits, every failure turned
 * into the CLI's one-line error.
 */
import { analyzeTrace, type SessionAnalysis } from "@mcp-conf/analysis";
import { resolveTraceArgument } from "@mcp-conf/gate";
import { type ReadTraceOptions, readTrace, readTraceFile } from "@mcp-conf/trace-format";
import type { Io } from "../exit.js";
import { traceReadFailure } from "../export/failure.js";

/** How a trace argument is named in messages. */
export function traceLabel(trace: string): string {
  return trace === "-" ? "standard input" : trace;
}

/** The analysis of the trace `trace` names (a path, `-` or a session id), without the context cost. */
export async function analyzeTraceArgument(
  command: string,
  trace: string,
  io: Io,
  limits: ReadTraceOptions = {},
): Promise<SessionAnalysis> {
  try {
    const events = trace === "-" ? readTrace(io.stdin, limits) : readTraceFile(resolveTraceArgument(trace), limits);
    return await analyzeTrace(events, { contextCost: false });
  } catch (error) {
    throw traceReadFailure(command, traceLabel(trace), error);
  }
}
