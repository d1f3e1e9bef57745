/**
 * The typed errors the engine throws. A `RevisionError` is the user's to fix (pass `--revision`); a `CheckError`
 * is a bug in a check — checks receive untrusted data as `unknown` and must never throw on it.
 */

export type RevisionProblem = "undeclared" | "unknown";

export class RevisionError extends Error {
  override readonly name = "RevisionError";
  constructor(
    message: string,
    readonly problem: RevisionProblem,
    /** The revisions this validator can judge. */
    readonly known: readonly string[],
    /** The revision asked for or declared, when there was one. */
    readonly revision?: string,
  ) {
    super(message);
  }

  static undeclared(
    known: readonly string[],
    detail = "no initialize result, no _meta protocolVersion",
  ): RevisionError {
    return new RevisionError(
      `the trace declares no protocol version (${detail}); pass --revision`,
      "undeclared",
      known,
    );
  }

  static unknown(revision: string, known: readonly string[], declaredByTrace: boolean): RevisionError {
    const list = known.length > 0 ? known.join(", ") : "none";
    const message = declaredByTrace
      ? `the trace declares protocol version ${JSON.stringify(revision)}, which this validator does not know (known: ${list}); pass --revision`
      : `unknown revision ${JSON.stringify(revision)} (known: ${list})`;
    return new RevisionError(message, "unknown", known, revision);
  }
}

/**
 * What was handed to `validate` is not a trace: not an iterable of events (a file path, null), or an event that is
 * not a trace event (an unknown kind, a missing field, a `seq` not above the one before). `index` is the event's
 * position, counting from 0, when one event is at fault.
 */
export class TraceInputError extends Error {
  override readonly name = "TraceInputError";
  constructor(
    message: string,
    readonly index?: number,
  ) {
    super(message);
  }
}

/** A check threw: a defect in the check, reported with its id so the test that catches it names the culprit. */
export class CheckError extends Error {
  override readonly name = "CheckError";
  constructor(
    readonly check: string,
    readonly phase: string,
    cause: unknown,
  ) {
    super(`internal error in check ${check} (${phase}): ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}
