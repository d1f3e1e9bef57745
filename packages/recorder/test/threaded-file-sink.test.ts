/**
 * The threaded file sink writes exactly what the main-thread file sink writes, refuses an existing file before
 * anything starts, and when its in-flight bound is exceeded drops and counts instead of waiting.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createRecorder, fileSink, runStdioRelay, type Sink, threadedFileSink } from "../src/index.js";
import { tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
let n = 0;

async function relayCat(chunks: Uint8Array[], sink: Sink) {
  const stdin = new PassThrough();
  const done = runStdioRelay({
    command: "cat",
    sink,
    session: "fixed",
    timestamps: false,
    stdin,
    stdout: new PassThrough().resume(),
    stderr: new PassThrough(),
    forwardSignals: false,
  });
  for (const c of chunks) stdin.write(c);
  stdin.end();
  return done;
}

describe("threadedFileSink", () => {
  it("writes byte for byte the trace the main-thread file sink writes", async () => {
    const line = fc.oneof(
      fc.json().map((j) => `${j}\n`),
      fc.string().map((s) => `${s.replace(/\n/g, "")}\n`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), async (lines) => {
        const input = [Buffer.from(lines.join(""))];
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
    const stats = await recorder.close();
    const sink = stats.sinks[0]!;
    expect(sink.dropped).toBeGreaterThan(0);
    expect(sink.written + sink.dropped).toBe(stats.recorded);
    const seqs = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs.at(-1)).toBe(5000); // the transport-close, recorded after the burst had drained
  });
});
