import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventSequence, validEvent } from "../test/arbitraries.js";
import { readTrace, readTraceSync } from "./reader.js";
import { serializeEvent } from "./serialize.js";
import { isTraceFormatError } from "./trace-format-error.js";
import type { TraceEvent } from "./types.js";

const toJsonl = (events: TraceEvent[]) => events.map((event) => `${serializeEvent(event)}\n`).join("");

/** Only events or a TraceFormatError: anything else escaping the reader is a bug. */
function readsOrRefuses(read: () => unknown): void {
  try {
    read();
  } catch (error) {
    if (!isTraceFormatError(error)) throw error;
    expect(error.message).toMatch(/^line \d+: [^\n]*$/);
  }
}

async function readAll(iterable: AsyncIterable<TraceEvent>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe("reader properties", () => {
  it("random event sequences round-trip: serialise, read, serialise again gives the same bytes", () => {
    fc.assert(
      fc.property(eventSequence, (events) => {
        const text = toJsonl(events);
        const read = readTraceSync(text);
        expect(read).toEqual(events);
        expect(toJsonl(read)).toBe(text);
        expect(readTraceSync(Buffer.from(text))).toEqual(events);
      }),
      { numRuns: 300 },
    );
  });

  it("any chunking of a stream reads the same events", async () => {
    await fc.assert(
      fc.asyncProperty(
        eventSequence,
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1 }),
        async (events, sizes) => {
          const bytes = Buffer.from(toJsonl(events));
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; i++) {
            const size = sizes[i % sizes.length]!;
            chunks.push(bytes.subarray(at, at + size));
            at += size;
          }
          expect(await readAll(readTrace(Readable.from(chunks)))).toEqual(events);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("random strings only ever give events or a TraceFormatError", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        readsOrRefuses(() => readTraceSync(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it("random bytes only ever give events or a TraceFormatError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        readsOrRefuses(() => readTraceSync(bytes));
      }),
      { numRuns: 2_000 },
    );
  });

  it("damaged traces (cut, spliced, bytes flipped) only ever give events or a TraceFormatError", () => {
    const damaged = fc
      .tuple(eventSequence, fc.nat(), fc.nat(), fc.uint8Array({ maxLength: 4 }))
      .map(([events, cut, at, insert]) => {
        const bytes = Buffer.from(toJsonl(events));
        const end = bytes.length === 0 ? 0 : cut % (bytes.length + 1);
        const position = end === 0 ? 0 : at % end;
        return Buffer.concat([bytes.subarray(0, position), insert, bytes.subarray(position, end)]);
      });
    fc.assert(
      fc.property(damaged, (bytes) => {
        readsOrRefuses(() => readTraceSync(bytes));
        readsOrRefuses(() => readTraceSync(bytes.toString("latin1")));
      }),
      { numRuns: 1_000 },
    );
  });

  it("single events survive hostile strings in every text field", () => {
    fc.assert(
      fc.property(validEvent, (event) => {
        const [read] = readTraceSync(`${serializeEvent(event)}\n`);
        expect(read).toEqual(event);
      }),
      { numRuns: 500 },
    );
  });
});
