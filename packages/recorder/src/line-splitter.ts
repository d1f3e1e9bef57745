/**
 * Splits a byte stream into lines for the observed copy. The forwarding path hands every chunk here after (or
 * before) forwarding it untouched; this only finds `\n` boundaries and keeps at most `maxLineBytes` of a line that
 * spans chunks, so a 10 MiB line costs the observer a bounded buffer and a byte count, never the forwarded bytes.
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

/** Stateful splitter: `push` chunks in arrival order, `end` at end of stream (flushes a final unterminated line). */
export class LineSplitter {
  private parts: Buffer[] = [];
  private keptBytes = 0;
  private totalBytes = 0;
  private lastByte = -1;

  constructor(
    private readonly onLine: LineHandler,
    private readonly maxLineBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  push(chunk: Uint8Array): void {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(10, start);
      if (nl === -1) break;
      this.append(buf, start, nl);
      this.emit();
      start = nl + 1;
    }
    if (start < buf.length) this.append(buf, start, buf.length);
  }

  /** End of stream: a final line without `\n` is still a line. */
  end(): void {
    if (this.totalBytes > 0) this.emit();
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
    this.parts.push(buf.subarray(from, from + take));
    this.keptBytes += take;
  }

  private emit(): void {
    let bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.keptBytes);
    let length = this.totalBytes;
    if (this.lastByte === 13) {
      length -= 1;
      if (bytes.length > length) bytes = bytes.subarray(0, length);
    }
    this.parts = [];
    this.keptBytes = 0;
    this.totalBytes = 0;
    this.lastByte = -1;
    if (length === 0) return; // blank lines carry nothing
    const truncated = length > this.maxLineBytes;
    if (truncated) bytes = bytes.subarray(0, this.maxLineBytes);
    this.onLine({ bytes, length, truncated });
  }
}
