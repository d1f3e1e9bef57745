import { existsSync, ftruncateSync, mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_EVENTS } from "../test/sample-events.js";
import { readTraceFile, readTraceSync } from "./reader.js";
import { serializeEvent } from "./serialize.js";
import type { TraceEvent, TraceEventInput } from "./types.js";
import { openTraceWriter, sanitizeSessionId, TraceWriterError, type WriterFiles } from "./writer.js";

const dir = mkdtempSync(join(tmpdir(), "trace-format-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshPath = () => join(dir, `trace-${counter++}.jsonl`);

function withoutSeq(event: TraceEvent): TraceEventInput {
  const { seq: _seq, ...rest } = event;
  return rest as TraceEventInput;
}

describe("openTraceWriter", () => {
  it("round-trips every event kind byte-stably: write, read, write again gives the same bytes", async () => {
    const first = openTraceWriter(freshPath());
    for (const event of SAMPLE_EVENTS) first.write(event);
    await first.close();
    const bytes = readFileSync(first.path, "utf8");
    const read: TraceEvent[] = [];
    for await (const event of readTraceFile(first.path)) read.push(event);
    expect(read).toEqual(SAMPLE_EVENTS);

    const second = openTraceWriter(freshPath());
    for (const event of read) second.write(event);
    await second.close();
    expect(readFileSync(second.path, "utf8")).toBe(bytes);
    expect(bytes.split("\n")).toHaveLength(SAMPLE_EVENTS.length + 1);
    expect(first.written).toBe(SAMPLE_EVENTS.length);
    expect(first.errors).toBe(0);
  });

  it("writes the core keys first, then ts, then the rest in the event's order", () => {
    const line = serializeEvent({
      payload: { b: 1, a: 2 },
      kind: "message",
      ts: "2025-11-25T00:00:00Z",
      transport: "stdio",
      redacted: true,
      direction: "server-to-client",
      seq: 3,
    } as TraceEvent);
    expect(line).toBe(
      '{"seq":3,"direction":"server-to-client","transport":"stdio","kind":"message","ts":"2025-11-25T00:00:00Z","payload":{"b":1,"a":2},"redacted":true}',
    );
  });

  it("assigns seq from 0 upward, after the last explicit seq, and keeps an explicit seq", async () => {
    const writer = openTraceWriter(freshPath());
    const [open, message, close] = SAMPLE_EVENTS.map(withoutSeq);
    expect(writer.write(open!).seq).toBe(0);
    expect(writer.write({ ...message!, seq: 10 } as TraceEvent).seq).toBe(10);
    expect(writer.write(close!).seq).toBe(11);
    await writer.close();
    expect(readTraceSync(readFileSync(writer.path, "utf8")).map((event) => event.seq)).toEqual([0, 10, 11]);
  });

  it("reports an explicit seq that does not increase to onError and does not write it", async () => {
    const errors: Error[] = [];
    const writer = openTraceWriter(freshPath(), { onError: (error) => errors.push(error) });
    writer.write(SAMPLE_EVENTS[0]!);
    writer.write({ ...SAMPLE_EVENTS[1]!, seq: 0 });
    writer.write(withoutSeq(SAMPLE_EVENTS[1]!));
    await writer.close();
    expect(errors.map((error) => error.message)).toEqual(["seq 0 is not greater than the last written seq 0"]);
    expect(writer.errors).toBe(1);
    expect(writer.written).toBe(2);
    expect(readTraceSync(readFileSync(writer.path)).map((event) => event.seq)).toEqual([0, 1]);
  });

  it("refuses an event the schema refuses, or one JSON cannot hold, without throwing", async () => {
    const errors: Error[] = [];
    const writer = openTraceWriter(freshPath(), { onError: (error) => errors.push(error) });
    writer.write({ direction: "client-to-server", transport: "stdio", kind: "message" } as TraceEventInput);
    writer.write({ direction: "client-to-server", transport: "stdio", kind: "message", payload: { n: 1n } });
    writer.write({ direction: "up", transport: "stdio", kind: "raw", text: "x" } as unknown as TraceEventInput);
    await writer.close();
    expect(errors).toHaveLength(3);
    expect(errors[0]!.message).toBe("not a valid trace event: schema violation at /payload: is required");
    expect(readFileSync(writer.path, "utf8")).toBe("");
  });

  it("with sibling, keeps an existing file and writes to the first free numbered sibling", async () => {
    const path = freshPath();
    const second = path.replace(/\.jsonl$/, "-2.jsonl");
    writeFileSync(path, "keep me\n");
    writeFileSync(second, "me too\n");
    const writer = openTraceWriter(path, { sibling: true });
    expect(writer.path).toBe(path.replace(/\.jsonl$/, "-3.jsonl"));
    writer.write(SAMPLE_EVENTS[0]!);
    await writer.close();
    expect(readFileSync(path, "utf8")).toBe("keep me\n");
    expect(readFileSync(second, "utf8")).toBe("me too\n");
    expect(readTraceSync(readFileSync(writer.path))).toEqual([SAMPLE_EVENTS[0]]);
  });

  it("refuses to overwrite an existing file unless forced", async () => {
    const path = freshPath();
    writeFileSync(path, "keep me\n");
    expect(() => openTraceWriter(path)).toThrow(TraceWriterError);
    try {
      openTraceWriter(path);
    } catch (error) {
      expect(error).toMatchObject({ code: "exists", path });
      expect((error as Error).message).toBe(`the trace file ${path} already exists (use force to overwrite it)`);
    }
    expect(readFileSync(path, "utf8")).toBe("keep me\n");
    const writer = openTraceWriter(path, { force: true });
    writer.write(SAMPLE_EVENTS[0]!);
    await writer.close();
    expect(readTraceSync(readFileSync(path))).toEqual([SAMPLE_EVENTS[0]]);
  });

  it("fails with a one-line TraceWriterError when the directory cannot be created", () => {
    const file = freshPath();
    writeFileSync(file, "");
    expect(() => openTraceWriter(join(file, "sub", "trace.jsonl"))).toThrow(
      expect.objectContaining({
        name: "TraceWriterError",
        code: "not-writable",
        message: expect.stringMatching(/^cannot create the trace file .*\(ENOTDIR\)$/),
      }),
    );
  });

  it("expands {session} with a sanitised id and creates missing directories", async () => {
    const writer = openTraceWriter(join(dir, "nested", "deeper", "{session}.jsonl"), { session: "../a b/\u001b:c" });
    expect(writer.path).toBe(join(dir, "nested", "deeper", "_._a_b___c.jsonl"));
    await writer.close();
    expect(existsSync(writer.path)).toBe(true);
    expect(sanitizeSessionId("")).toBe("_");
    expect(sanitizeSessionId("..")).toBe("_.");
    expect(sanitizeSessionId("x".repeat(300))).toHaveLength(128);
    expect(sanitizeSessionId("stdio-everything-4242-0123456789ab")).toBe("stdio-everything-4242-0123456789ab");
    expect(() => openTraceWriter(join(dir, "{session}.jsonl"))).toThrow(
      expect.objectContaining({ code: "no-session" }),
    );
  });

  it("counts a write failure (ENOSPC on /dev/full) and passes it to onError instead of throwing", async () => {
    const errors: Error[] = [];
    const writer = openTraceWriter("/dev/full", { force: true, onError: (error) => errors.push(error) });
    const event = writer.write(withoutSeq(SAMPLE_EVENTS[1]!));
    expect(event.seq).toBe(0);
    writer.write(withoutSeq(SAMPLE_EVENTS[2]!));
    await writer.close();
    expect(writer.errors).toBe(2);
    expect(writer.written).toBe(0);
    expect((errors[0] as NodeJS.ErrnoException).code).toBe("ENOSPC");
  });

  it("reports writes after close, and survives an onError that throws", async () => {
    let calls = 0;
    const writer = openTraceWriter(freshPath(), {
      onError: () => {
        calls++;
        throw new Error("handler bug");
      },
    });
    await writer.close();
    await writer.close();
    expect(() => writer.write(SAMPLE_EVENTS[0]!)).not.toThrow();
    expect(calls).toBe(1);
    expect(writer.errors).toBe(1);
  });

  it('with flush "none" batches lines and writes them all by close', async () => {
    const writer = openTraceWriter(freshPath(), { flush: "none" });
    for (let i = 0; i < 2_000; i++) {
      writer.write({
        direction: "server-to-client",
        transport: "stdio",
        kind: "stderr",
        text: `line ${i} ${"x".repeat(50)}`,
      });
    }
    expect(readFileSync(writer.path).length).toBeGreaterThan(0);
    await writer.close();
    const events = readTraceSync(readFileSync(writer.path));
    expect(events).toHaveLength(2_000);
    expect(writer.written).toBe(2_000);
  });
});

describe("a write that fails half way (a disk full for a moment)", () => {
  /**
   * Real file calls, except as a disk that fills up: write call number `failAt` puts only half its bytes on disk (a
   * short write), and the call after it fails with ENOSPC; then there is room again.
   */
  function fullOnce(failAt: number, regular = true): WriterFiles {
    let calls = 0;
    return {
      writeSync(fd, buffer, offset, length, position) {
        calls++;
        if (calls === failAt) return writeSync(fd, buffer, offset, Math.ceil(length / 2), position);
        if (calls === failAt + 1) {
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        }
        return writeSync(fd, buffer, offset, length, position);
      },
      ftruncateSync,
      isRegularFile: () => regular,
    };
  }

  const stderrLine = (i: number): TraceEventInput => ({
    direction: "server-to-client",
    transport: "stdio",
    kind: "stderr",
    text: `line ${i}`,
  });

  it("leaves no torn line: the file is cut back, later events read, and the count is exact", async () => {
    const errors: Error[] = [];
    const writer = openTraceWriter(freshPath(), { onError: (e) => errors.push(e) }, fullOnce(3));
    for (let i = 0; i < 6; i++) writer.write(stderrLine(i));
    await writer.close();
    const events = readTraceSync(readFileSync(writer.path));
    expect(events.map((e) => e.seq)).toEqual([0, 1, 3, 4, 5]);
    expect(writer.written).toBe(5);
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(["ENOSPC"]);
  });

  it("loses only the failed batch with flush none", async () => {
    const writer = openTraceWriter(freshPath(), { flush: "none" }, fullOnce(1));
    for (let i = 0; i < 3; i++) writer.write(stderrLine(i));
    writer.flush();
    for (let i = 3; i < 5; i++) writer.write(stderrLine(i));
    await writer.close();
    expect(readTraceSync(readFileSync(writer.path)).map((e) => e.seq)).toEqual([3, 4]);
    expect(writer.written).toBe(2);
  });

  it("starts a new line after the fragment where the output cannot be cut back (a pipe)", async () => {
    const writer = openTraceWriter(freshPath(), {}, fullOnce(2, false));
    for (let i = 0; i < 4; i++) writer.write(stderrLine(i));
    await writer.close();
    const lines = readFileSync(writer.path, "utf8").split("\n");
    // The fragment stands alone on its line; every other line is a whole event.
    expect(lines.filter((line) => line !== "").map((line) => line.startsWith("{") && line.endsWith("}"))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(JSON.parse(lines[2]!).seq).toBe(2);
  });
});
