import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BLANK_LINE_END,
  LINE_END,
  LineCounter,
  LineSplitter,
  NO_LINE_END,
  type ObservedLine,
} from "./line-splitter.js";

function split(chunks: Buffer[], max?: number): ObservedLine[] {
  const lines: ObservedLine[] = [];
  const splitter = new LineSplitter((l) => lines.push({ ...l, bytes: Buffer.from(l.bytes) }), max);
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return lines;
}

describe("LineSplitter", () => {
  it("yields the same lines however the stream is cut into chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), fc.array(fc.nat(500), { maxLength: 10 }), (bytes, cuts) => {
        const whole = Buffer.from(bytes);
        const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const chunks: Buffer[] = [];
        let from = 0;
        for (const p of [...points, whole.length]) {
          chunks.push(whole.subarray(from, p));
          from = p;
        }
        expect(split(chunks)).toEqual(split([whole]));
      }),
    );
  });

  it("is counted chunk by chunk exactly as it splits, with what each chunk's first line end ends", () => {
    const bytes = fc.array(fc.constantFrom(10, 13, 32, 120), { maxLength: 200 }).map((b) => Buffer.from(b));
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(200), { maxLength: 10 }), (whole, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const counter = new LineCounter();
        let lines = 0;
        const splitter = new LineSplitter(() => lines++);
        let from = 0;
        for (const p of [...points, whole.length]) {
          const chunk = whole.subarray(from, p);
          const before = lines;
          const ends: number[] = [];
          // What the chunk's first line end ends, as the splitter sees it: the lines handed on by then.
          const firstEnd = chunk.indexOf(10);
          if (firstEnd !== -1) {
            splitter.push(chunk.subarray(0, firstEnd + 1));
            ends.push(lines - before);
            splitter.push(chunk.subarray(firstEnd + 1));
          } else splitter.push(chunk);
          expect(counter.count(chunk)).toBe(lines - before);
          expect(counter.head).toBe(firstEnd === -1 ? NO_LINE_END : ends[0] === 1 ? LINE_END : BLANK_LINE_END);
          from = p;
        }
        const before = lines;
        splitter.end();
        expect(counter.end()).toBe(lines - before);
      }),
    );
  });

  it("drops the \\r of a CRLF line end, skips blank lines and flushes an unterminated last line", () => {
    const lines = split([Buffer.from("a\r\n\n\r\nb\nc")]).map((l) => l.bytes.toString());
    expect(lines).toEqual(["a", "b", "c"]);
  });

  it("keeps at most the limit of a long line and reports its full length", () => {
    const [line] = split([Buffer.from("x".repeat(100)), Buffer.from("y".repeat(100)), Buffer.from("\r\n")], 150);
    expect(line).toMatchObject({ length: 200, truncated: true });
    expect(line!.bytes.length).toBe(150);
  });
});
