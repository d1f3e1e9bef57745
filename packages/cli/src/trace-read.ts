/**
 * A trace read by a command: a failed read as the one-line error the CLI prints (a malformed trace exits 3, an
 * unreadable file 2; the wording is @mcp-conf/trace-format's traceReadProblem; anything else is a bug and is thrown
 * on), and a whole trace read into the analysis model for the commands that compare sessions (diff, baseline): a
 * path, `-` (standard input) or a session id from `mcp-conf sessions ls`, read with the reader's limits.
 */
import { analyzeTrace, type SessionAnalysis } from "@mcp-conf/analysis";
import { isGateError, resolveTraceArgument } from "@mcp-conf/gate";
import { type ReadTraceOptions, readTrace, readTraceFile, traceReadProblem } from "@mcp-conf/trace-format";
import { type Io, MalformedTraceError, UsageError } from "./exit.js";

/** The one-line error for `command` failing to read the trace named `label`. */
export function traceReadFailure(command: string, label: string, error: unknown): unknown {
  if (error instanceof UsageError) return error;
  if (isGateError(error)) return new UsageError(error.message);
  const read = traceReadProblem(label, error);
  if (read === undefined) return error;
  const message = `${command}: ${read.message}`;
  return read.kind === "malformed" ? new MalformedTraceError(message) : new UsageError(message);
}

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
