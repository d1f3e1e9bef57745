import { describe, expect, it } from "vitest";
import { type RingEntry, RingReader, RingWriter } from "./line-ring.js";

const LINE = 100;
const START_OVER_AFTER = 64 * 1024;

/**
 * Writes `lines` lines of LINE bytes through a ring whose reader keeps `backlog` entries unfinished, checking every
 * line's bytes as the reader sees them; returns the furthest byte of the data area any line used.
 */
function flood(lines: number, backlog: number): number {
  const writer = new RingWriter(4096, 1024 * 1024, START_OVER_AFTER);
  const reader = new RingReader(writer.memory);
  const entry: RingEntry = { seq: 0, at: 0, flags: 0, offset: 0, size: 0, length: 0 };
  let furthest = 0;
  let checked = 0;
  const check = (e: RingEntry) => {
    expect(reader.data[e.offset]).toBe(e.seq & 0xff);
    expect(reader.data[e.offset + e.size - 1]).toBe(e.seq & 0xff);
    furthest = Math.max(furthest, e.offset + e.size);
    checked++;
  };
  for (let seq = 0; seq < lines; seq++) {
    const line = new Uint8Array(LINE).fill(seq & 0xff);
    expect(writer.hasRoom()).toBe(true);
    const at = writer.place(line, 0, LINE, 0);
    expect(at).toBeGreaterThanOrEqual(0);
    writer.add(seq, Number.NaN, 0, at, LINE, LINE);
    writer.publish();
    const ready = reader.available() - backlog;
    if (ready > 0) {
      reader.take(ready, entry, check);
      reader.finish(checked);
    }
  }
  reader.take(reader.available(), entry, check);
  expect(checked).toBe(lines);
  return furthest;
}

describe("the ring's data area", () => {
  it("keeps to its first pages while the reader trails by a small backlog, however much is written", () => {
    expect(flood(20_000, 20)).toBeLessThanOrEqual(START_OVER_AFTER + LINE + 8);
  });

  it("grows past them when the backlog does, dropping nothing while there is room", () => {
    expect(flood(20_000, 1_000)).toBeGreaterThan(START_OVER_AFTER);
  });
});
