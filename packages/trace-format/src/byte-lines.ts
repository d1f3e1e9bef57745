/**
 * Splitting a trace that arrives as bytes (a buffer, or a stream's chunks) into lines for the line parser, in
 * bounded memory: only the unfinished last line is carried between chunks, and it is refused as soon as it outgrows
 * the line limit. Runs of complete lines are UTF-8-checked and decoded in one call each, which keeps the common
 * case fast; a run with bad UTF-8 is redone line by line to find the culprit.
 */
import { isUtf8 } from "node:buffer";
import { type TraceLineParser, UNKNOWN_BYTE_LENGTH } from "./line-parser.js";
import type { TraceEvent } from "./types.js";

const NEWLINE = 0x0a;

function asBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

export class ByteLineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly parser: TraceLineParser) {}

  /** Parses every line the chunk completes into `out`; throws a `TraceFormatError` after the good events. */
  push(chunk: Uint8Array | string, out: TraceEvent[]): void {
    const bytes = asBuffer(chunk);
    let start = 0;
    if (this.pendingBytes > 0) {
      const newline = bytes.indexOf(NEWLINE);
      if (newline === -1) {
        this.hold(bytes);
        return;
      }
      this.pending.push(bytes.subarray(0, newline));
      const line = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
      out.push(this.parseLineBytes(line, true));
      start = newline + 1;
    }
    const last = bytes.lastIndexOf(NEWLINE);
    if (last >= start) {
      this.parseRun(bytes, start, last, out);
      start = last + 1;
    }
    if (start < bytes.length) this.hold(bytes.subarray(start));
  }

  /** Ends the input: a final line without a newline is parsed (or reported torn). */
  end(out: TraceEvent[]): void {
    if (this.pendingBytes === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    out.push(this.parseLineBytes(line, false));
  }

  private hold(part: Buffer): void {
    this.pending.push(part);
    this.pendingBytes += part.length;
    // +1: the line may still end in "\r\n", and the "\r" does not count.
    if (this.pendingBytes > this.parser.maxLineBytes + 1) throw this.parser.tooLong(this.parser.line + 1);
  }

  /** Lines from `start` up to the newline at `end` (every line in the run is terminated). */
  private parseRun(bytes: Buffer, start: number, end: number, out: TraceEvent[]): void {
    const run = bytes.subarray(start, end);
    if (!isUtf8(run)) {
      let lineStart = start;
      while (lineStart <= end) {
        const newline = bytes.indexOf(NEWLINE, lineStart);
        out.push(this.parseLineBytes(bytes.subarray(lineStart, newline), true));
        lineStart = newline + 1;
      }
      return;
    }
    const text = run.toString("utf8");
    const parser = this.parser;
    let lineStart = 0;
    for (;;) {
      const newline = text.indexOf("\n", lineStart);
      if (newline === -1) {
        out.push(parser.parse(text.slice(lineStart), UNKNOWN_BYTE_LENGTH, true));
        return;
      }
      out.push(parser.parse(text.slice(lineStart, newline), UNKNOWN_BYTE_LENGTH, true));
      lineStart = newline + 1;
    }
  }

  private parseLineBytes(line: Buffer, terminated: boolean): TraceEvent {
    const limit = this.parser.maxLineBytes + (line[line.length - 1] === 0x0d ? 1 : 0);
    if (line.length > limit) throw this.parser.tooLong(this.parser.line + 1);
    if (!isUtf8(line)) throw this.parser.notUtf8(terminated);
    return this.parser.parse(line.toString("utf8"), line.length, terminated);
  }
}
