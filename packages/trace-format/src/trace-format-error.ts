/**
 * The one error a trace reader throws for a malformed trace: a reason code from a closed set, the 1-based line it
 * was found on, and a one-line message that starts with `line N: `. Kept apart from the reader so that the writer,
 * the CLI and the tests can name the reasons without pulling in the reader.
 */

/** Every way a trace can be malformed; each is reported under exactly one reason. */
export const TRACE_FORMAT_REASONS = [
  "bad-json",
  "schema",
  "unknown-kind",
  "unknown-direction",
  "unknown-transport",
  "non-monotonic-seq",
  "line-too-long",
  "blank-line",
  "torn-final-line",
  "too-many-events",
  "too-deep",
] as const;

export type TraceFormatReason = (typeof TRACE_FORMAT_REASONS)[number];

export class TraceFormatError extends Error {
  override readonly name = "TraceFormatError";
  /** 1-based line number of the offending line. */
  readonly line: number;
  readonly reason: TraceFormatReason;

  constructor(line: number, reason: TraceFormatReason, detail: string) {
    super(`line ${line}: ${detail}`);
    this.line = line;
    this.reason = reason;
  }
}

/** Whether a thrown value is a `TraceFormatError` (also across duplicated copies of this package). */
export function isTraceFormatError(error: unknown): error is TraceFormatError {
  return (
    error instanceof TraceFormatError ||
    (error instanceof Error &&
      error.name === "TraceFormatError" &&
      typeof (error as Partial<TraceFormatError>).line === "number" &&
      typeof (error as Partial<TraceFormatError>).reason === "string")
  );
}
