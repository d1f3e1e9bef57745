/**
 * Splits a byte stream into lines for the observed copy. The forwarding path hands every chunk here after
 * forwarding it untouched; this only finds `\n` boundaries and keeps at most `maxLineBytes` of a line that spans
 * chunks, so a 10 MiB line costs the observer a bounded buffer and a byte count, never the forwarded bytes. A line
 * that lies within one chunk is handed on as a span of that chunk (no copy, no view made); only a line that spans
 * chunks is gathered into a buffer of its own.
 */

/** One observed line: its first bytes (at most the limit, without the line end) and its full length. */
export interface ObservedLine {
  /** The line's bytes without `\n` (and without a `\r` before it), cut at the limit. */
  bytes: Buffer;
  /** The line's full length in bytes, without the line end. */
  length: number;
  /** True when `bytes` holds less than the whole line. */
  truncated: boolean;
}

export type LineHandler = (line: ObservedLine) => void;

/**
 * One line as a span: `source[start, end)` are its kept bytes (without the line end, cut at the limit) and `length`
 * its full length, more than `end - start` when it was cut. The source is valid only during the call.
 */
export type SpanHandler = (source: Buffer, start: number, end: number, length: number) => void;

/**
 * Stateful splitter that hands each line on as a span (the recorder's path: nothing allocated per line): `push`
 * chunks in arrival order, `end` at end of stream (flushes a final unterminated line).
 */
export class SpanSplitter {
  private parts: Buffer[] = [];
  private keptBytes = 0;
  private totalBytes = 0;
  private lastByte = -1;

  /**
   * `copyParts`: a line that spans chunks is gathered from copies of its parts, for chunks whose memory is reused
   * once pushed (the trace thread's); else from views of them.
   */
  constructor(
    private readonly onSpan: SpanHandler,
    private readonly maxLineBytes: number = Number.POSITIVE_INFINITY,
    private readonly copyParts = false,
  ) {}

  push(chunk: Uint8Array): void {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(10, start);
      if (nl === -1) break;
      if (this.totalBytes === 0) this.emitSpan(buf, start, nl);
      else {
        this.append(buf, start, nl);
        this.emit();
      }
      start = nl + 1;
    }
    if (start < buf.length) this.append(buf, start, buf.length);
  }

  /** End of stream: a final line without `\n` is still a line. */
  end(): void {
    if (this.totalBytes > 0) this.emit();
  }

  /** A whole line inside one chunk. */
  private emitSpan(buf: Buffer, start: number, end: number): void {
    let length = end - start;
    if (length > 0 && buf[end - 1] === 13) length--;
    if (length === 0) return; // blank lines carry nothing
    this.onSpan(buf, start, start + Math.min(length, this.maxLineBytes), length);
  }

  private append(buf: Buffer, from: number, to: number): void {
    const length = to - from;
    if (length === 0) return;
    this.totalBytes += length;
    this.lastByte = buf[to - 1]!;
    const room = this.maxLineBytes + 1 - this.keptBytes; // one spare byte so a `\r` at the limit can be dropped
    if (room <= 0) return;
    const take = Math.min(room, length);
    // Chunks from node streams are never reused, so a view is safe; a copy is made only when a line spans chunks.
    const part = buf.subarray(from, from + take);
    this.parts.push(this.copyParts ? Buffer.from(part) : part);
    this.keptBytes += take;
  }

  /** A line gathered from several chunks. */
  private emit(): void {
    const bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.keptBytes);
    const length = this.lastByte === 13 ? this.totalBytes - 1 : this.totalBytes;
    this.parts = [];
    this.keptBytes = 0;
    this.totalBytes = 0;
    this.lastByte = -1;
    if (length === 0) return;
    this.onSpan(bytes, 0, Math.min(length, this.maxLineBytes), length);
  }
}

/** What the first line end in a chunk ends (`LineCounter.head`). */
export const NO_LINE_END = 0;
export const BLANK_LINE_END = 1;
export const LINE_END = 2;

/**
 * Counts the lines a `SpanSplitter` given the same chunks hands on, without handing them on: the recorder numbers
 * a stream's lines on the forwarding thread with it while a splitter on the trace thread cuts them (see
 * `Recorder.stream`).
 */
export class LineCounter {
  /** Bytes of the line in progress, and its last byte. */
  private pending = 0;
  private lastByte = -1;
  /** What the first line end of the chunk last counted ends: no line end in it, a blank line, or a counted line. */
  head = NO_LINE_END;

  /** The lines that end in `chunk`. */
  count(chunk: Uint8Array): number {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let lines = 0;
    let start = 0;
    this.head = NO_LINE_END;
    for (;;) {
      const nl = buf.indexOf(10, start);
      if (nl === -1) break;
      const last = nl > start ? buf[nl - 1]! : this.lastByte;
      const length = this.pending + nl - start - (last === 13 ? 1 : 0);
      if (length > 0) lines++;
      if (this.head === NO_LINE_END) this.head = length > 0 ? LINE_END : BLANK_LINE_END;
      this.pending = 0;
      this.lastByte = -1;
      start = nl + 1;
    }
    if (start < buf.length) {
      this.pending += buf.length - start;
      this.lastByte = buf[buf.length - 1]!;
    }
    return lines;
  }

  /** End of stream: whether a final line without `\n` is left (1) or not (0). */
  end(): number {
    const length = this.pending - (this.lastByte === 13 ? 1 : 0);
    this.pending = 0;
    this.lastByte = -1;
    return length > 0 ? 1 : 0;
  }
}

/** The splitter for callers that want each line as its own `ObservedLine` (a view of its bytes). */
export class LineSplitter extends SpanSplitter {
  constructor(onLine: LineHandler, maxLineBytes?: number) {
    super(
      (source, start, end, length) =>
        onLine({ bytes: source.subarray(start, end), length, truncated: length > end - start }),
      maxLineBytes,
    );
  }
}
