/**
 * What went wrong reading a trace for an export, as the one-line error the CLI prints: a malformed trace exits 3,
 * an unreadable file 2. Anything else is a bug and is thrown on.
 */
import { isTraceFormatError } from "@mcp-conf/trace-format";
import { EXIT, UsageError } from "../exit.js";
import { fileProblem } from "../output.js";

export function exportFailure(label: string, error: unknown): unknown {
  if (error instanceof UsageError) return error;
  if (isTraceFormatError(error)) return new UsageError(`export: ${label}: ${error.message}`, EXIT.malformed);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string") return new UsageError(`export: ${label}: ${fileProblem(error)}`);
  return error;
}
