/**
 * Why a trace could not be read, in one line: malformed (the reader's typed error) or unreadable (a file-system
 * error, its code in words). Anything else is a bug and is not described here. The file-system wording serves every
 * one-line error that names a file read or written.
 */
import { isTraceFormatError } from "./trace-format-error.js";

/** Why a trace could not be read: `malformed` (the trace breaks the format) or `unreadable` (the file system). */
export type TraceProblemKind = "malformed" | "unreadable";

/** The one-line problem of `label` failing to read as a trace, or undefined when `error` is not a read failure. */
export function traceReadProblem(
  label: string,
  error: unknown,
): { message: string; kind: TraceProblemKind } | undefined {
  if (isTraceFormatError(error)) return { message: `${label}: ${error.message}`, kind: "malformed" };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string") return { message: `${label}: ${fileProblem(error)}`, kind: "unreadable" };
  return undefined;
}

/** A file-system error code in words. */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EISDIR":
      return "is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOSPC":
      return "no space left on the device";
    default:
      return `cannot read or write (${code ?? "unknown error"})`;
  }
}
