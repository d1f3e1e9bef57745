/**
 * The threaded file sink writes exactly what the main-thread file sink writes, refuses an existing file before
 * anything starts, and when its in-flight bound is exceeded drops and counts instead of waiting.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileRedaction, createRecorder, fileSink, type RecorderStats, threadedFileSink } from "../src/index.js";
import { relayCat, tempDir } from "./helpers.js";

const dir = tempDir();

/**
 * The events written to `path` by a recorder whose one sink overflowed: it dropped some, and every event recorded
 * was either written or counted as dropped.
 */
function droppedSome(stats: RecorderStats, path: string): { seq: number; kind: string; payload?: { i: number } }[] {
  const sink = stats.sinks[0]!;
  expect(sink.dropped).toBeGreaterThan(0);
  expect(sink.written + sink.dropped).toBe(stats.recorded);
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}
afterAll(() => dir.remove());
let n = 0;

describe("threadedFileSink", () => {
  it("redacts on its thread exactly as the main-thread file sink does", async () => {
    const redact = compileRedaction({ secrets: true, keys: ["password"], paths: ["$..apiKey"] });
    const lines = SECRET_SAMPLES.map((s, i) =>
      JSON.stringify({ jsonrpc: "2.0", id: i, method: "x", params: { t: s.text } }),
    );
    lines.push(
      '{"jsonrpc":"2.0","id":99,"method":"y","params":{"password":1,"cfg":{"apiKey":"k-123"}}}',
      "plain text line",
    );
    const input = [Buffer.from(`${lines.join("\n")}\n`)];
    const a = `${dir.path}/redacted-main.jsonl`;
    const b = `${dir.path}/redacted-thread.jsonl`;
    await relayCat(input, fileSink(a), redact);
    await relayCat(input, threadedFileSink(b), redact);
    const text = readFileSync(b, "utf8");
    expect(text).toBe(readFileSync(a, "utf8"));
    for (const s of SECRET_SAMPLES) expect(text).not.toContain(JSON.stringify(s.value).slice(1, -1));
    expect(text).not.toContain("k-123");
    expect(text.match(/"redacted":true/g)).toHaveLength(2 * (lines.length - 1)); // cat: each line both ways
  });

  it("writes byte for byte the trace the main-thread file sink writes", async () => {
    const line = fc.oneof(
      fc.json().map((j) => `${j}\n`),
      fc.json().map((j) => `${j}\r\n`),
      fc.json().map((j) => `\ufeff${j}\n`),
      fc.string({ unit: "grapheme" }).map((s) => `${s.replace(/\n/g, "")}\n`),
      fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.concat([Buffer.from('{"a":"'), b, Buffer.from('"}\n')])),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 6 }), async (lines, cuts) => {
        const whole = Buffer.concat(lines.map((l) => (typeof l === "string" ? Buffer.from(l) : Buffer.from(l))));
        const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((x, y) => x - y);
        const input = [...points, whole.length].map((p, i, all) => whole.subarray(i === 0 ? 0 : all[i - 1], p));
        const a = `${dir.path}/main-${n}.jsonl`;
        const b = `${dir.path}/thread-${n++}.jsonl`;
        await relayCat(input, fileSink(a));
        const stats = await relayCat(input, threadedFileSink(b));
        const strip = (text: string) => text.replace(/"cwd":"[^"]*",/, "");
        expect(strip(readFileSync(b, "utf8"))).toBe(strip(readFileSync(a, "utf8")));
        expect(stats.stats.sinks[0]).toMatchObject({ written: stats.stats.recorded, dropped: 0 });
      }),
      { numRuns: 15 },
    );
  });

  it("refuses an existing file when it opens, before any thread starts", () => {
    const path = `${dir.path}/exists.jsonl`;
    writeFileSync(path, "keep\n");
    expect(() => threadedFileSink(path, { session: "s" })).toThrow(/already exists/);
    expect(readFileSync(path, "utf8")).toBe("keep\n");
  });

  it("drops and counts what exceeds its in-flight bound, and what it kept has increasing seqs", async () => {
    const path = `${dir.path}/bounded.jsonl`;
    const recorder = createRecorder({
      sink: threadedFileSink(path, { maxEvents: 100 }),
      transport: "stdio",
      session: "b",
      open: false,
    });
    for (let i = 0; i < 5000; i++) recorder.message("client-to-server", Buffer.from(`{"i":${i}}`));
    const seqs = droppedSome(await recorder.close(), path).map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs.at(-1)).toBe(5000); // the transport-close, recorded after the burst had drained
  });

  it("cut on its thread, a stream that overflows the memory loses whole lines, counted, never a line glued from two", async () => {
    const separator = fc.constantFrom("\n", "\r\n", "\n\n", "\r\n\r\n");
    const line = fc.tuple(fc.nat(400), separator);
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 2000, maxLength: 3000 }), fc.nat(900), async (shape, cut) => {
        const path = `${dir.path}/overflow-${n++}.jsonl`;
        const recorder = createRecorder({
          sink: threadedFileSink(path, { maxBytes: 8192 }),
          transport: "stdio",
          session: "o",
          open: false,
          timestamps: false,
        });
        const whole = Buffer.from(shape.map(([pad, end], i) => `{"i":${i},"p":"${"x".repeat(pad)}"}${end}`).join(""));
        const input = recorder.stream("client-to-server");
        const size = 100 + cut;
        for (let at = 0; at < whole.length; at += size) input.push(whole.subarray(at, at + size));
        input.end();
        const events = droppedSome(await recorder.close(), path);
        for (const event of events.slice(0, -1))
          expect(event).toMatchObject({ kind: "message", payload: { i: event.seq } });
        expect(events.at(-1)).toMatchObject({ kind: "lifecycle", seq: shape.length });
      }),
      { numRuns: 5 },
    );
  });
});
