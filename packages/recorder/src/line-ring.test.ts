import { describe, expect, it } from "vitest";
import { type RingEntry, RingReader, RingWriter } from "./line-ring.js";

const LINE = Buffer.alloc(1000, 120);
const entry: RingEntry = { seq: 0, at: 0, flags: 0, offset: 0, size: 0, length: 0 };

/** Adds one entry of `LINE`'s bytes; its offset, or -1 when the memory had no room. */
function addLine(writer: RingWriter, seq: number): number {
  if (!writer.hasRoom()) return -1;
  const offset = writer.place(Buffer.from(LINE), 0, LINE.length, 0);
  if (offset < 0) return -1;
  writer.add(seq, Number.NaN, 0, offset, LINE.length, LINE.length);
  writer.publish();
  return offset;
}

/** The reader takes (and finishes) every entry published but the newest `keep`. */
function readAllBut(reader: RingReader, keep: number): void {
  const count = reader.available() - keep;
  if (count <= 0) return;
  reader.take(count, entry, () => {});
  reader.finish(0);
}

describe("the shared memory between the forwarding thread and the trace thread", () => {
  it("uses the pages a backlog needs, not the bytes written: a long stream trailed by 20 entries stays low", () => {
    const writer = new RingWriter(1 << 16, 1 << 20);
    const reader = new RingReader(writer.memory);
    let highest = 0;
    let lost = 0;
    for (let seq = 0; seq < 20_000; seq++) {
      const offset = addLine(writer, seq);
      if (offset < 0) lost++;
      highest = Math.max(highest, offset + LINE.length);
      readAllBut(reader, 20);
    }
    expect(lost).toBe(0);
    // 20 KB of backlog in 64 KiB segments: never past the third segment, though 20 MB went through.
    expect(highest).toBeLessThanOrEqual(3 * 64 * 1024);
  });

  it("lets a backlog grow into the whole area, after starting over early", () => {
    const writer = new RingWriter(1 << 16, 1 << 20);
    const reader = new RingReader(writer.memory);
    let seq = 0;
    for (; seq < 5_000; seq++) {
      addLine(writer, seq);
      readAllBut(reader, 20);
    }
    // The reader stops: everything fits until the area is full.
    let held = 20;
    while (addLine(writer, seq++) >= 0) held++;
    expect(held * (LINE.length + 7)).toBeGreaterThan(0.9 * (1 << 20));
    // Once it has read everything the writer starts over at the beginning.
    readAllBut(reader, 0);
    expect(addLine(writer, seq)).toBeLessThan(8);
  });

  it("hands every entry over intact while the writer goes round the area many times", () => {
    const writer = new RingWriter(64, 16 * 1024);
    const reader = new RingReader(writer.memory);
    let next = 0;
    for (let seq = 0; seq < 3_000; seq++) {
      const bytes = Buffer.alloc(1 + ((seq * 37) % 900), seq % 251);
      let offset = -1;
      if (writer.hasRoom()) offset = writer.place(bytes, 0, bytes.length, 0);
      if (offset >= 0) {
        writer.add(seq, Number.NaN, 0, offset, bytes.length, bytes.length);
        writer.publish();
      }
      const count = reader.available() - (seq % 7);
      if (count > 0) {
        reader.take(count, entry, (e) => {
          expect(e.seq).toBeGreaterThanOrEqual(next);
          next = e.seq + 1;
          const got = reader.data.subarray(e.offset, e.offset + e.size);
          expect(got.length).toBe(1 + ((e.seq * 37) % 900));
          expect(got.every((b) => b === e.seq % 251)).toBe(true);
        });
        reader.finish(0);
      }
    }
    expect(next).toBeGreaterThan(2_000);
  });
});
