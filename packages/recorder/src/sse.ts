/**
 * A server-sent-events parser for the observed copy of a response stream: it sees the chunks after they have been
 * forwarded and yields the `data` of each event (data lines joined by "\n"), nothing else. `id`, `event`, `retry`
 * and comments are skipped; an event whose data grows past the limit is cut and reported as truncated.
 */
import type { ObservedLine } from "./line-splitter.js";

export class SseDataParser {
  private readonly decoder = new TextDecoder("utf-8");
  private carry = "";
  private data: string[] = [];
  private dataChars = 0;
  private dataBytes = 0;
  private hasData = false;
  private pendingCr = false;

  constructor(
    private readonly onData: (line: ObservedLine) => void,
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  push(chunk: Uint8Array): void {
    this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** End of stream: an event not closed by a blank line is dropped, as the SSE specification says. */
  end(): void {
    this.feed(this.decoder.decode());
  }

  private feed(text: string): void {
    if (text.length === 0) return;
    let start = 0;
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(0) === 10) start = i = 1; // the \n of a \r\n split across chunks
    }
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.carry + text.slice(start, i));
      this.carry = "";
      if (c === 13) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    if (start < text.length) this.carry += text.slice(start);
  }

  private line(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    if (!line.startsWith("data")) return;
    let value: string;
    if (line.length === 4) value = "";
    else if (line.charCodeAt(4) === 58) value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    else return; // a field merely starting with "data"
    const bytes = Buffer.byteLength(value) + (this.hasData ? 1 : 0);
    this.dataBytes += bytes;
    if (this.dataChars <= this.maxBytes) {
      this.data.push(value);
      this.dataChars += value.length + 1;
    }
    this.hasData = true;
  }

  private dispatch(): void {
    if (!this.hasData || this.dataBytes === 0) {
      this.reset();
      return; // no data, or empty data (a priming event for resumability): no message
    }
    const joined = Buffer.from(this.data.join("\n"));
    const truncated = this.dataBytes > this.maxBytes;
    this.onData({
      bytes: truncated ? joined.subarray(0, this.maxBytes) : joined,
      length: this.dataBytes,
      truncated,
    });
    this.reset();
  }

  private reset(): void {
    this.data = [];
    this.dataChars = 0;
    this.dataBytes = 0;
    this.hasData = false;
  }
}
