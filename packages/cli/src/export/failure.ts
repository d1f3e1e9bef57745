/**
 * What went wrong reading a trace, as the one-line error the CLI prints: a malformed trace exits 3, an unreadable
 * file 2 (the wording is @mcp-conf/gate's traceReadProblem). Anything else is a bug and is thrown on. Every command
 * that reads whole traces (export, diff, baseline, open) words it this way.
 */
import { isGateError, traceReadProblem } from "@mcp-conf/gate";
import { EXIT, UsageError } from "../exit.js";

/** The one-line error for `command` failing to read the trace named `label`. */
export function traceReadFailure(command: string, label: string, error: unknown): unknown {
  if (error instanceof UsageError) return error;
  if (isGateError(error)) return new UsageError(error.message);
  const read = traceReadProblem(label, error);
  if (read === undefined) return error;
  return new UsageError(`${command}: ${read.message}`, read.kind === "malformed" ? EXIT.malformed : EXIT.usage);
}

export function exportFailure(label: string, error: unknown): unknown {
  return traceReadFailure("export", label, error);
}
