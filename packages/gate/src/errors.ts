/**
 * The gate's one error type, and what went wrong reading a trace in one line. A `GateError` is the user's to fix
 * (a label that cannot name a file, a baseline file that is not one, a missing baseline): a command line prints its
 * message as one line. A trace that could not be read is either malformed (the reader's typed error) or unreadable
 * (a file-system error); anything else is a bug and is not described here.
 */
import { isTraceFormatError } from "@mcp-conf/trace-format";
import { fileProblem } from "./file-problem.js";

/** A problem the user can fix, worded as one line. */
export class GateError extends Error {
  override name = "GateError";
}

/** Whether `error` is a GateError (by name too, so a copy of the class from another install still counts). */
export function isGateError(error: unknown): error is GateError {
  return error instanceof GateError || (error instanceof Error && error.name === "GateError");
}

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
