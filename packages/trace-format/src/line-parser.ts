/**
 * Turning one line of a trace into one event, in order, under the reading rules: the byte limit, blank lines, the
 * event cap, the nesting limit, JSON syntax, the schema and strictly increasing `seq`. It knows nothing of where
 * the lines come from; the reader splits text, buffers and streams into lines and feeds them here.
 */
import { checkTraceEvent } from "./event-schema.js";
import { exceedsJsonDepth } from "./json-depth.js";
import { escapeTerminal } from "./safe-text.js";
import { TraceFormatError } from "./trace-format-error.js";
import type { TraceEvent } from "./types.js";

/** Limits of a trace reader, and where it reports the line of each event. */
export interface ReadTraceOptions {
  /** Most events a trace may hold (default `DEFAULT_MAX_EVENTS`: no limit, as the recorder sets none). */
  maxEvents?: number;
  /** Longest line, in UTF-8 bytes without its line end; a line of exactly this length is accepted (default 1 MiB). */
  maxLineBytes?: number;
  /** Deepest nesting of arrays and objects in a line, the event object itself being depth 1 (default 128). */
  maxDepth?: number;
  /**
   * Filled as events are read: each event's `seq` → the 1-based number of the line it was read from, for messages
   * and reports that point into the file.
   */
  lineOfSeq?: Map<number, number>;
}

/**
 * No limit on the events of a trace by default: what the recorder writes, every reader reads. Each event is bounded
 * (line bytes, depth), and a caller reading traces it did not record sets `maxEvents` (`--max-events`).
 */
export const DEFAULT_MAX_EVENTS = Number.POSITIVE_INFINITY;
export const DEFAULT_MAX_LINE_BYTES = 1_048_576;
export const DEFAULT_MAX_DEPTH = 128;

/** Passed as `byteLength` when the caller has only the decoded text. */
export const UNKNOWN_BYTE_LENGTH = -1;

const CARRIAGE_RETURN = 0x0d;

function positiveLimit(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

function isWhitespaceOnly(text: string): boolean {
  return /^[ \t\r]*$/.test(text);
}

export class TraceLineParser {
  readonly maxEvents: number;
  readonly maxLineBytes: number;
  readonly maxDepth: number;
  /** Number of the line last fed (1-based), 0 before the first. */
  line = 0;
  /** Events accepted so far. */
  events = 0;
  private lastSeq = -1;
  private readonly lineOfSeq: Map<number, number> | undefined;

  constructor(options: ReadTraceOptions = {}) {
    this.lineOfSeq = options.lineOfSeq;
    this.maxEvents = positiveLimit(options.maxEvents, DEFAULT_MAX_EVENTS, "maxEvents");
    this.maxLineBytes = positiveLimit(options.maxLineBytes, DEFAULT_MAX_LINE_BYTES, "maxLineBytes");
    this.maxDepth = positiveLimit(options.maxDepth, DEFAULT_MAX_DEPTH, "maxDepth");
  }

  /** The error for a line that is already known to be longer than the limit (e.g. still growing in a stream). */
  tooLong(line: number): TraceFormatError {
    return new TraceFormatError(line, "line-too-long", `line is longer than ${this.maxLineBytes} bytes (maxLineBytes)`);
  }

  /** The error for a line whose bytes are not UTF-8. */
  notUtf8(terminated: boolean): TraceFormatError {
    const line = ++this.line;
    if (!terminated) return this.torn(line, "not valid UTF-8");
    return new TraceFormatError(line, "bad-json", "invalid JSON: the line is not valid UTF-8");
  }

  /**
   * Parses the next line. `text` excludes the `\n` (a trailing `\r` is dropped here); `byteLength` is its UTF-8
   * length including any `\r`, or `UNKNOWN_BYTE_LENGTH`; `terminated` is false for a final line with no newline.
   */
  parse(text: string, byteLength: number, terminated: boolean): TraceEvent {
    const line = ++this.line;
    let body = text;
    let bytes = byteLength;
    if (body.charCodeAt(body.length - 1) === CARRIAGE_RETURN) {
      body = body.slice(0, -1);
      if (bytes !== UNKNOWN_BYTE_LENGTH) bytes--;
    }
    if (this.isTooLong(body, bytes)) throw this.tooLong(line);
    if (body.length === 0 || (body.charCodeAt(0) <= 0x20 && isWhitespaceOnly(body))) {
      if (!terminated) throw this.torn(line, "an incomplete line end");
      throw new TraceFormatError(line, "blank-line", "blank line");
    }
    if (this.events >= this.maxEvents) {
      throw new TraceFormatError(line, "too-many-events", `more than ${this.maxEvents} events (maxEvents)`);
    }
    if (exceedsJsonDepth(body, this.maxDepth)) {
      throw new TraceFormatError(line, "too-deep", `JSON nested deeper than ${this.maxDepth} levels (maxDepth)`);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      if (!terminated) throw this.torn(line, "not complete JSON");
      const why = escapeTerminal(error instanceof Error ? error.message : String(error));
      throw new TraceFormatError(line, "bad-json", `invalid JSON: ${why}`);
    }
    const problem = checkTraceEvent(value);
    if (problem) throw new TraceFormatError(line, problem.reason, problem.detail);
    const event = value as TraceEvent;
    if (event.seq <= this.lastSeq) {
      throw new TraceFormatError(
        line,
        "non-monotonic-seq",
        `seq ${event.seq} is not greater than the previous seq ${this.lastSeq}`,
      );
    }
    this.lastSeq = event.seq;
    this.events++;
    this.lineOfSeq?.set(event.seq, line);
    return event;
  }

  private torn(line: number, why: string): TraceFormatError {
    return new TraceFormatError(
      line,
      "torn-final-line",
      `torn final line: no newline at the end and ${why} (was the recorder stopped mid-write?)`,
    );
  }

  private isTooLong(body: string, bytes: number): boolean {
    if (bytes !== UNKNOWN_BYTE_LENGTH) return bytes > this.maxLineBytes;
    // A UTF-16 code unit is 1 to 3 UTF-8 bytes, so the exact length is only needed in between.
    if (body.length * 3 <= this.maxLineBytes) return false;
    if (body.length > this.maxLineBytes) return true;
    return Buffer.byteLength(body, "utf8") > this.maxLineBytes;
  }
}
