/**
 * The gate's one error type. A `GateError` is the user's to fix (a label that cannot name a file, a baseline file
 * that is not one, a missing baseline): a command line prints its message as one line.
 */

/** A problem the user can fix, worded as one line. */
export class GateError extends Error {
  override name = "GateError";
}

/** Whether `error` is a GateError (by name too, so a copy of the class from another install still counts). */
export function isGateError(error: unknown): error is GateError {
  return error instanceof GateError || (error instanceof Error && error.name === "GateError");
}
