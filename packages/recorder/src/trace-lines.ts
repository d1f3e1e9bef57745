/**
 * Trace lines gathered as bytes for one write: an event serialised, or an observed line — a plain JSON line as its
 * own bytes behind its event's prefix (nothing decoded, parsed or re-encoded), any other line built as its event
 * (see line-event.ts). Both file sinks write through it: the main-thread one per drained slice, the threaded one per
 * batch.
 */
import { serializeEvent, type TraceEvent, type TraceWriter } from "@mcp-conf/trace-format";
import { buildLineEvent, type LineRecord, lineEventJson, messageLinePrefix } from "./line-event.js";
import type { Redactor } from "./privacy/redact.js";

const NEWLINE = 10;
const CLOSE_BRACE = 125;

export class TraceLines {
  private bytes = Buffer.allocUnsafe(64 * 1024);
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

  /** An observed line, redacted by `redactor` when there is one (then always built as its event). */
  observed(line: LineRecord, redactor: Redactor | undefined): void {
    const prefix = redactor ? undefined : messageLinePrefix(line);
    if (prefix !== undefined) this.message(line, prefix);
    else if (redactor) this.event(redactor.redact(buildLineEvent(line)));
    else this.text(line.seq, lineEventJson(line));
  }

  /** A plain JSON line: the prefix of its event, its own bytes as the payload, and the closing brace. */
  private message(line: LineRecord, prefix: string): void {
    this.room(prefix.length + line.bytes.length + 2);
    this.used += this.bytes.write(prefix, this.used, "latin1");
    this.bytes.set(line.bytes, this.used);
    this.used += line.bytes.length;
    this.bytes[this.used++] = CLOSE_BRACE;
    this.bytes[this.used++] = NEWLINE;
    this.counted(line.seq);
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
