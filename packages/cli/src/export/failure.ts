/**
 * What went wrong reading a trace, as the one-line error the CLI prints: a malformed trace exits 3, an unreadable
 * file 2. Anything else is a bug and is thrown on. Every command that reads whole traces (export, diff, baseline)
 * words it this way.
 */
import { isTraceFormatError } from "@mcp-conf/trace-format";
import { EXIT, UsageError } from "../exit.js";
import { fileProblem } from "../file-problem.js";

/** The one-line error for `command` failing to read the trace named `label`. */
export function traceReadFailure(command: string, label: string, error: unknown): unknown {
  if (error instanceof UsageError) return error;
  if (isTraceFormatError(error)) return new UsageError(`${command}: ${label}: ${error.message}`, EXIT.malformed);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string") return new UsageError(`${command}: ${label}: ${fileProblem(error)}`);
  return error;
}

export function exportFailure(label: string, error: unknown): unknown {
  return traceReadFailure("export", label, error);
}
