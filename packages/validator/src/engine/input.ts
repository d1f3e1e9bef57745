/**
 * The events a library user hands to `validate`, checked before they are judged: a report on something that is not a
 * trace (a file path, an array of arbitrary objects) would judge nothing and could read as a verdict. Each event must
 * match the trace event schema and carry a `seq` above the one before, as the trace reader requires of a file.
 */
import { checkTraceEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { TraceInputError } from "./errors.js";

/**
 * Hands each of `events` to `take` once it is checked; throws `TraceInputError` at the first that is not a trace
 * event (those before it have been taken).
 */
export function forEachCheckedEvent(events: Iterable<TraceEvent>, take: (event: TraceEvent) => void): void {
  const given = events as unknown;
  if (typeof given === "string") {
    throw new TraceInputError(
      "validate takes trace events, not a string; to judge a trace file by its path, call validateFile(path)",
    );
  }
  if (
    typeof given !== "object" ||
    given === null ||
    typeof (given as Iterable<unknown>)[Symbol.iterator] !== "function"
  ) {
    throw new TraceInputError(`validate takes an iterable of trace events, not ${describe(given)}`);
  }
  let index = 0;
  let lastSeq = -1;
  for (const event of given as Iterable<unknown>) {
    const problem = checkTraceEvent(event);
    if (problem !== undefined) throw new TraceInputError(`event ${index}: ${problem.detail}`, index);
    const { seq } = event as TraceEvent;
    if (seq <= lastSeq) {
      throw new TraceInputError(`event ${index}: seq ${seq} is not above the seq before it (${lastSeq})`, index);
    }
    lastSeq = seq;
    index++;
    take(event as TraceEvent);
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  return typeof value === "object" ? "a non-iterable object" : `a ${typeof value}`;
}
