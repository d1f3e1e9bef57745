/**
 * A server-sent-events parser for the observed copy of a response stream: it sees the chunks after they have been
 * forwarded and yields the `data` of each event (data lines joined by "\n"), nothing else. `id`, `event`, `retry`
 * and comments are skipped. It works on bytes, never on decoded text, and keeps at most `maxBytes` of a line or of
 * an event's data: an event of any size costs a bounded buffer and a byte count (the forwarded stream is never
 * touched), and the bytes it yields are the ones that arrived, invalid UTF-8 included.
 */
import type { ObservedLine } from "./line-splitter.js";

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
const DATA = Buffer.from("data");
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export class SseDataParser {
  /** The current line's first bytes (at most `lineRoom`) and its full length. */
  private lineParts: Buffer[] = [];
  private lineKept = 0;
  private lineLength = 0;
  private readonly lineRoom: number;
  /** The current event's data lines, kept up to `maxBytes` with their "\n" joins, and their full length. */
  private dataParts: Buffer[] = [];
  private dataKept = 0;
  private dataBytes = 0;
  private hasData = false;
  private pendingCr = false;
  /** Bytes of the stream's start still to check against a UTF-8 byte order mark (which SSE strips). */
  private bomChecked = 0;

  constructor(
    private readonly onData: (line: ObservedLine) => void,
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {
    this.lineRoom = maxBytes + "data: ".length;
  }

  push(chunk: Uint8Array): void {
    let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    buf = this.skipBom(buf);
    let start = 0;
    if (this.pendingCr && buf.length > 0) {
      this.pendingCr = false;
      if (buf[0] === LF) start = 1; // the \n of a \r\n split across chunks
    }
    let nextLf = buf.indexOf(LF, start);
    let nextCr = buf.indexOf(CR, start);
    while (nextLf !== -1 || nextCr !== -1) {
      const end = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      this.append(buf, start, end);
      this.lineEnded();
      start = end + 1;
      if (buf[end] === CR) {
        if (start === buf.length) this.pendingCr = true;
        else if (buf[start] === LF) start++;
      }
      if (nextLf !== -1 && nextLf < start) nextLf = buf.indexOf(LF, start);
      if (nextCr !== -1 && nextCr < start) nextCr = buf.indexOf(CR, start);
    }
    if (start < buf.length) this.append(buf, start, buf.length);
  }

  /** End of stream: an event not closed by a blank line is dropped, as the SSE specification says. */
  end(): void {
    this.lineParts = [];
    this.dataParts = [];
  }

  /** Drops a byte order mark at the very start of the stream, even one split across chunks. */
  private skipBom(buf: Buffer): Buffer {
    if (this.bomChecked >= BOM.length) return buf;
    let i = 0;
    for (; this.bomChecked + i < BOM.length && i < buf.length; i++) {
      if (buf[i] !== BOM[this.bomChecked + i]) {
        const earlier = this.bomChecked; // bytes of earlier chunks that looked like a mark were data after all
        this.bomChecked = BOM.length;
        if (earlier > 0) this.append(BOM, 0, earlier);
        return buf;
      }
    }
    this.bomChecked += i;
    return buf.subarray(i);
  }

  private append(buf: Buffer, from: number, to: number): void {
    const length = to - from;
    if (length === 0) return;
    this.lineLength += length;
    const room = this.lineRoom - this.lineKept;
    if (room <= 0) return;
    const take = Math.min(room, length);
    // Chunks from node streams are never reused, so a view is safe.
    this.lineParts.push(buf.subarray(from, from + take));
    this.lineKept += take;
  }

  private lineEnded(): void {
    const line = this.lineParts.length === 1 ? this.lineParts[0]! : Buffer.concat(this.lineParts, this.lineKept);
    const length = this.lineLength;
    this.lineParts = [];
    this.lineKept = 0;
    this.lineLength = 0;
    if (length === 0) {
      this.dispatch();
      return;
    }
    if (line.length < 4 || line.compare(DATA, 0, 4, 0, 4) !== 0) return;
    let skip: number;
    if (length === 4) skip = 4;
    else if (line[4] === COLON) skip = line[5] === SPACE ? 6 : 5;
    else return; // a field merely starting with "data"
    this.addData(line.subarray(skip), length - skip);
  }

  private addData(value: Buffer, length: number): void {
    if (this.hasData) this.keepData(Buffer.from("\n"), 1);
    this.keepData(value, length);
    this.hasData = true;
  }

  private keepData(value: Buffer, length: number): void {
    this.dataBytes += length;
    const room = this.maxBytes - this.dataKept;
    if (room <= 0) return;
    const part = value.length <= room ? value : value.subarray(0, room);
    this.dataParts.push(part);
    this.dataKept += part.length;
  }

  private dispatch(): void {
    if (this.hasData && this.dataBytes > 0) {
      // empty data is a priming event for resumability: no message
      this.onData({
        bytes: Buffer.concat(this.dataParts, this.dataKept),
        length: this.dataBytes,
        truncated: this.dataBytes > this.dataKept,
      });
    }
    this.dataParts = [];
    this.dataKept = 0;
    this.dataBytes = 0;
    this.hasData = false;
  }
}
