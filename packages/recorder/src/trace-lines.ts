/**
 * Trace lines gathered as bytes for one write: an event serialised, or an observed line — a plain JSON line as its
 * own bytes behind its event's prefix (nothing decoded, parsed or re-encoded), any other line built as its event
 * (see line-event.ts). Both file sinks write through it: the main-thread one per drained slice, the threaded one per
 * batch.
 */
import {
  type Direction,
  serializeEvent,
  type TraceEvent,
  type TraceWriter,
  type Transport,
} from "@mcp-conf/trace-format";
import { NOT_JSON } from "./json-bytes.js";
import { buildLineEvent, isoTime, type LineRecord, lineEventJson, messageLineKind } from "./line-event.js";
import type { Redactor } from "./privacy/redact.js";

const NEWLINE = 10;
const CLOSE_BRACE = 125;

const SEQ_START = Buffer.from('{"seq":');

/** Writes a non-negative integer's decimal digits at `at`; the index after them. */
function writeInteger(out: Buffer, at: number, value: number): number {
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let k = at + digits - 1; k >= at; k--) {
    out[k] = 48 + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + digits;
}

export class TraceLines {
  private bytes = Buffer.allocUnsafe(64 * 1024);
  /** The prefix of a message line after its seq, for lines of this millisecond, direction and transport. */
  private rest = Buffer.alloc(0);
  private restAt: number | undefined = Number.NaN;
  private restDirection: Direction | undefined;
  private restTransport: Transport | undefined;
  private used = 0;
  private count = 0;
  private first = -1;
  private last = -1;

  /** `onError` hears of an event that cannot be serialised (it is left out). */
  constructor(private readonly onError: (message: string) => void) {}

  /** Bytes gathered and not yet written. */
  get size(): number {
    return this.used;
  }

  /** An event, serialised by trace-format; false when it cannot be (it is left out). */
  event(event: TraceEvent): boolean {
    let line: string;
    try {
      line = serializeEvent(event);
    } catch (error) {
      this.onError(error instanceof Error ? error.message : String(error));
      return false;
    }
    this.text(event.seq, line);
    return true;
  }

  /** An event's trace line already serialised (by `serializeEvent`, on another thread), as its UTF-8 bytes. */
  serialized(seq: number, line: Uint8Array): void {
    this.room(line.length + 1);
    this.bytes.set(line, this.used);
    this.used += line.length;
    this.bytes[this.used++] = NEWLINE;
    this.counted(seq);
  }

  /** An observed line, redacted by `redactor` when there is one (then always built as its event). */
  observed(line: LineRecord, redactor: Redactor | undefined): void {
    const { bytes } = line;
    if (redactor) this.event(redactor.redact(buildLineEvent(line)));
    else if (!this.message(line.seq, line.at, line.direction, line.transport, bytes, 0, bytes.length, line.truncated))
      this.text(line.seq, lineEventJson(line));
  }

  /**
   * A plain JSON line (see `messageLineKind`, whose answer this returns) in `source[start, end)`: its event's prefix,
   * its own bytes as the payload, and the closing brace; `NOT_JSON`, 0 (and nothing written), for any other line. The
   * prefix after the seq is kept as bytes while the lines share direction, transport and millisecond, so a line costs
   * no string.
   */
  message(
    seq: number,
    at: number | undefined,
    direction: Direction,
    transport: Transport,
    source: Uint8Array,
    start: number,
    end: number,
    truncated: boolean,
  ): number {
    const kind = messageLineKind(source, start, end, truncated);
    if (kind === NOT_JSON) return kind;
    if (at !== this.restAt || direction !== this.restDirection || transport !== this.restTransport) {
      const ts = at === undefined ? "" : `,"ts":"${isoTime(at)}"`;
      this.rest = Buffer.from(
        `,"direction":"${direction}","transport":"${transport}","kind":"message"${ts},"payload":`,
      );
      this.restAt = at;
      this.restDirection = direction;
      this.restTransport = transport;
    }
    const size = end - start;
    this.room(SEQ_START.length + 20 + this.rest.length + size + 2);
    const out = this.bytes;
    out.set(SEQ_START, this.used);
    this.used = writeInteger(out, this.used + SEQ_START.length, seq);
    out.set(this.rest, this.used);
    this.used += this.rest.length;
    out.set(source.subarray(start, end), this.used);
    this.used += size;
    out[this.used++] = CLOSE_BRACE;
    out[this.used++] = NEWLINE;
    this.counted(seq);
    return kind;
  }

  /** Hands what is gathered to `writer` in one write; the buffer is reused, as the write is synchronous. */
  writeTo(writer: TraceWriter): void {
    if (this.count === 0) return;
    writer.writeLines(this.bytes.subarray(0, this.used), this.count, { first: this.first, last: this.last });
    this.used = 0;
    this.count = 0;
  }

  private text(seq: number, line: string): void {
    this.room(3 * line.length + 1);
    this.used += this.bytes.write(line, this.used, "utf8");
    this.bytes[this.used++] = NEWLINE;
    this.counted(seq);
  }

  private room(needed: number): void {
    if (this.used + needed <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.used + needed));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }

  private counted(seq: number): void {
    if (this.count++ === 0) this.first = seq;
    this.last = seq;
  }
}
