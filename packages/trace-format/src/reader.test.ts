import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { messageLine, SAMPLE_EVENTS } from "../test/sample-events.js";
import { DEFAULT_MAX_LINE_BYTES, TraceLineParser } from "./line-parser.js";
import { readTrace, readTraceFile, readTraceSync } from "./reader.js";
import { TRACE_FORMAT_REASONS, TraceFormatError, type TraceFormatReason } from "./trace-format-error.js";
import type { TraceEvent } from "./types.js";

const dir = mkdtempSync(join(tmpdir(), "trace-format-reader-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const trace = (lines: string[]) => `${lines.join("\n")}\n`;

async function collect(iterable: AsyncIterable<TraceEvent>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

/** Reads `text` every way the package can, and returns what each way gave: the events, or the error. */
async function readEveryWay(text: string, options = {}) {
  const bytes = Buffer.from(text, "utf8");
  const file = join(dir, `t-${Math.random().toString(16).slice(2)}.jsonl`);
  writeFileSync(file, bytes);
  const outcome = async (read: () => Promise<TraceEvent[]> | TraceEvent[]) => {
    const seen: TraceEvent[] = [];
    try {
      for (const event of await read()) seen.push(event);
      return { events: seen };
    } catch (error) {
      return { error };
    }
  };
  // One-byte chunks split every line and character; big inputs use an odd chunk size to stay quick.
  const chunk = bytes.length < 65_536 ? 1 : 7919;
  const smallChunks = () =>
    Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
      })(),
    );
  return {
    syncText: await outcome(() => readTraceSync(text, options)),
    syncBytes: await outcome(() => readTraceSync(bytes, options)),
    asyncText: await outcome(() => collect(readTrace(text, options))),
    asyncBytes: await outcome(() => collect(readTrace(new Uint8Array(bytes), options))),
    stream: await outcome(() => collect(readTrace(smallChunks(), options))),
    file: await outcome(() => collect(readTraceFile(file, options))),
  };
}

/** The reasons some test above has seen every reader give. */
const reasonsSeen = new Set<TraceFormatReason>();

async function expectFault(text: string, reason: TraceFormatReason, line: number, options = {}) {
  const results = await readEveryWay(text, options);
  reasonsSeen.add(reason);
  for (const [way, result] of Object.entries(results)) {
    expect(result.error, `${way} should fail`).toBeInstanceOf(TraceFormatError);
    const error = result.error as TraceFormatError;
    expect({ way, reason: error.reason, line: error.line }).toEqual({ way, reason, line });
    expect(error.message).toMatch(new RegExp(`^line ${line}: `));
    expect(error.message).not.toContain("\n");
  }
  return (results.syncText.error as TraceFormatError).message;
}

describe("reading a well-formed trace", () => {
  const text = trace(SAMPLE_EVENTS.map((event) => JSON.stringify(event)));

  it("gives the same events from a string, a buffer, an async iteration, a one-byte-chunk stream and a file", async () => {
    for (const [way, result] of Object.entries(await readEveryWay(text))) {
      expect(result.events, way).toEqual(SAMPLE_EVENTS);
    }
  });

  it("reads a multi-MiB buffer whose lines and characters straddle the internal slices like the same text", async () => {
    const lines = Array.from({ length: 20_000 }, (_, seq) => messageLine(seq, `é✓😀 ${"x".repeat(seq % 400)}`));
    const text = trace(lines);
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 1024 * 1024);
    const expected = readTraceSync(text);
    expect(expected).toHaveLength(20_000);
    expect(readTraceSync(Buffer.from(text))).toEqual(expected);
    expect(await collect(readTrace(Buffer.from(text)))).toEqual(expected);
  });

  it("keeps unknown extra fields", () => {
    const [event] = readTraceSync(`${messageLine(0).slice(0, -1)},"future":{"a":[1]}}\n`);
    expect((event as unknown as Record<string, unknown>).future).toEqual({ a: [1] });
  });

  it("reports the line of each event it reads, every way, up to a fault", async () => {
    // seqs with gaps, so a line number is not seq + 1; in the last trace the third line is broken.
    const lines = [messageLine(0, "a"), messageLine(5, "b"), messageLine(9, "c")];
    const cases = [
      {
        text: trace(lines),
        lines: [
          [0, 1],
          [5, 2],
          [9, 3],
        ],
      },
      {
        text: trace(lines).replaceAll("\n", "\r\n"),
        lines: [
          [0, 1],
          [5, 2],
          [9, 3],
        ],
      },
      {
        text: trace([lines[0]!, lines[1]!, "{"]),
        lines: [
          [0, 1],
          [5, 2],
        ],
      },
    ];
    for (const { text, lines: expected } of cases) {
      const bytes = Buffer.from(text);
      const file = join(dir, `lines-${Math.random().toString(16).slice(2)}.jsonl`);
      writeFileSync(file, bytes);
      const ways: Record<string, (options: { lineOfSeq: Map<number, number> }) => Promise<unknown>> = {
        syncText: async (options) => readTraceSync(text, options),
        syncBytes: async (options) => readTraceSync(bytes, options),
        asyncText: (options) => collect(readTrace(text, options)),
        stream: (options) => collect(readTrace(Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]), options)),
        file: (options) => collect(readTraceFile(file, options)),
      };
      for (const [way, read] of Object.entries(ways)) {
        const lineOfSeq = new Map<number, number>();
        await read({ lineOfSeq }).catch(() => undefined);
        expect([...lineOfSeq], way).toEqual(expected);
      }
    }
  });

  it("accepts \\r\\n line ends, a final line without a newline, and an empty trace", async () => {
    for (const variant of [
      text.replaceAll("\n", "\r\n"),
      text.slice(0, -1),
      text.replaceAll("\n", "\r\n").slice(0, -2),
    ]) {
      for (const [way, result] of Object.entries(await readEveryWay(variant))) {
        expect(result.events, way).toEqual(SAMPLE_EVENTS);
      }
    }
    expect(readTraceSync("")).toEqual([]);
  });

  it("reads the examples of the trace format design, one trace per line, and refuses them as one trace", () => {
    const examples = [
      '{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"my-host","version":"1.0.0"}}}}',
      '{"seq":7,"direction":"client-to-server","transport":"streamable-http","kind":"http","headers":{"accept":"application/json, text/event-stream","content-type":"application/json","mcp-protocol-version":"2025-11-25"}}',
      '{"seq":9,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":202}',
      '{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-open"}',
    ];
    for (const line of examples) expect(readTraceSync(`${line}\n`)).toEqual([JSON.parse(line)]);
    expect(readTraceSync(trace(examples.slice(0, 3))).map((event) => event.seq)).toEqual([0, 7, 9]);
    expect(() => readTraceSync(trace(examples))).toThrow(/^line 4: seq 0 is not greater than the previous seq 9$/);
  });

  it("releases the stream when the reader stops early", async () => {
    const stream = Readable.from([Buffer.from(trace([messageLine(0), messageLine(1)]))]);
    for await (const event of readTrace(stream)) {
      expect(event.seq).toBe(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
  });

  it("passes on the error of a stream that fails, e.g. a missing file", async () => {
    await expect(collect(readTraceFile(join(dir, "missing.jsonl")))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("yields the events before a fault, then throws", async () => {
    const seen: number[] = [];
    const bad = trace([messageLine(0), messageLine(1), "{oops"]);
    await expect(async () => {
      for await (const event of readTrace(Readable.from([Buffer.from(bad)]))) seen.push(event.seq);
    }).rejects.toThrow(/^line 3: invalid JSON/);
    expect(seen).toEqual([0, 1]);
  });
});

describe("malformed traces: one reason each, with the line", () => {
  const good = [messageLine(0), messageLine(1)];

  it("bad-json", async () => {
    await expectFault(trace([...good, "{not json}", messageLine(3)]), "bad-json", 3);
    await expectFault(trace([...good, '{"seq":2,}']), "bad-json", 3);
  });

  it("bad-json for bytes that are not UTF-8", async () => {
    const bytes = Buffer.concat([Buffer.from(`${good.join("\n")}\n`), Buffer.from([0xff, 0xfe, 0x0a])]);
    expect(() => readTraceSync(bytes)).toThrow(expect.objectContaining({ reason: "bad-json", line: 3 }));
  });

  it("schema, naming the field", async () => {
    const status =
      '{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":"200"}';
    expect(await expectFault(trace([...good, status]), "schema", 3)).toBe(
      "line 3: schema violation at /status: must be integer",
    );
    const noPayload = '{"seq":2,"direction":"client-to-server","transport":"stdio","kind":"message"}';
    expect(await expectFault(trace([...good, noPayload]), "schema", 3)).toBe(
      "line 3: schema violation at /payload: is required",
    );
    const stderrUp = '{"seq":2,"direction":"client-to-server","transport":"stdio","kind":"stderr","text":"x"}';
    expect(await expectFault(trace([...good, stderrUp]), "schema", 3)).toBe(
      'line 3: schema violation at /direction: must be "server-to-client"',
    );
    expect(await expectFault(trace(["[1,2]"]), "schema", 1)).toBe("line 1: schema violation at /: must be object");
    expect(await expectFault(trace([messageLine(-1)]), "schema", 1)).toBe(
      "line 1: schema violation at /seq: must be >= 0",
    );
  });

  it("schema, for a ts that is not RFC 3339 and a seq past what a number holds exactly", async () => {
    const at = (ts: string) =>
      `{"seq":2,"direction":"server-to-client","transport":"stdio","kind":"stderr","ts":${JSON.stringify(ts)},"text":"x"}`;
    for (const ts of [
      "yesterday",
      "2025-11-25",
      "2025-13-01T00:00:00Z",
      "2025-11-25T12:00:00",
      "1 Dec 2026 10:00 GMT",
    ]) {
      expect(await expectFault(trace([...good, at(ts)]), "schema", 3), ts).toMatch(
        /^line 3: schema violation at \/ts: /,
      );
    }
    expect(readTraceSync(trace([...good, at("2025-11-25T12:00:00.123456789+05:30")]))).toHaveLength(3);
    expect(await expectFault(trace([messageLine(2 ** 53)]), "schema", 1)).toBe(
      "line 1: schema violation at /seq: must be <= 9007199254740991",
    );
  });

  it("unknown-kind, unknown-direction, unknown-transport", async () => {
    const line = (over: Record<string, unknown>) =>
      JSON.stringify({
        seq: 2,
        direction: "client-to-server",
        transport: "stdio",
        kind: "message",
        payload: 1,
        ...over,
      });
    expect(await expectFault(trace([...good, line({ kind: "telemetry" })]), "unknown-kind", 3)).toBe(
      'line 3: unknown kind "telemetry" (expected message, http, lifecycle, raw or stderr)',
    );
    await expectFault(trace([...good, line({ direction: "sideways" })]), "unknown-direction", 3);
    await expectFault(trace([...good, line({ transport: "websocket" })]), "unknown-transport", 3);
  });

  it("non-monotonic-seq, for a repeat and for a step back; gaps are fine", async () => {
    expect(readTraceSync(trace([messageLine(0), messageLine(5), messageLine(6)]))).toHaveLength(3);
    await expectFault(trace([...good, messageLine(1)]), "non-monotonic-seq", 3);
    await expectFault(trace([...good, messageLine(0)]), "non-monotonic-seq", 3);
  });

  it("blank-line in the middle and as a second trailing newline", async () => {
    await expectFault(`${good[0]}\n\n${good[1]}\n`, "blank-line", 2);
    await expectFault(`${good[0]}\r\n\r\n${good[1]}\n`, "blank-line", 2);
    await expectFault(`${good[0]}\n   \n${good[1]}\n`, "blank-line", 2);
    await expectFault(`${trace(good)}\n`, "blank-line", 3);
  });

  it("torn-final-line for an unfinished last line, distinct from bad JSON", async () => {
    const torn = messageLine(2).slice(0, 40);
    expect(await expectFault(`${trace(good)}${torn}`, "torn-final-line", 3)).toMatch(/^line 3: torn final line/);
    await expectFault(`${trace(good)}${torn}\n`, "bad-json", 3);
    const cutInsideCharacter = Buffer.concat([
      Buffer.from(`${trace(good)}{"seq":2,"text":"`),
      Buffer.from("é").subarray(0, 1),
    ]);
    expect(() => readTraceSync(cutInsideCharacter)).toThrow(
      expect.objectContaining({ reason: "torn-final-line", line: 3 }),
    );
  });

  it("too-deep for a 100,000-deep array, without a stack overflow", async () => {
    await expectFault(trace([...good, "[".repeat(100_000)]), "too-deep", 3, { maxLineBytes: 200_000 });
    await expectFault(trace([...good, `${"[".repeat(100_000)}${"]".repeat(100_000)}`]), "too-deep", 3, {
      maxLineBytes: 300_000,
    });
  });

  it("line-too-long", async () => {
    await expectFault(trace([...good, messageLine(2, "x".repeat(2000))]), "line-too-long", 3, { maxLineBytes: 1000 });
  });

  it("too-many-events, only when the caller sets a limit: by default every event the recorder wrote is read", async () => {
    expect(new TraceLineParser().maxEvents).toBe(Number.POSITIVE_INFINITY);
    expect(readTraceSync(trace(good), { maxEvents: 2 })).toHaveLength(2);
    expect(await expectFault(trace([...good, messageLine(2)]), "too-many-events", 3, { maxEvents: 2 })).toBe(
      "line 3: more than 2 events (maxEvents)",
    );
  });

  it("covers every reason code (runs after the tests above)", () => {
    expect([...reasonsSeen].sort()).toEqual([...TRACE_FORMAT_REASONS].sort());
  });

  it("escapes control characters taken from the trace in the message", () => {
    const line = JSON.stringify({
      seq: 0,
      direction: "client-to-server",
      transport: "stdio",
      kind: "evil\u202e\u009b",
    });
    expect(() => readTraceSync(`${line}\n`)).toThrow('line 1: unknown kind "evil\\u{202e}\\u{9b}"');
  });
});

describe("limits", () => {
  /** A line of exactly `bytes` UTF-8 bytes, padded with a multi-byte character to exercise byte counting. */
  function lineOfBytes(bytes: number, seq = 0): string {
    const empty = messageLine(seq, "");
    const room = bytes - Buffer.byteLength(empty);
    const text = "é".repeat(Math.floor(room / 2)) + "x".repeat(room % 2);
    const line = messageLine(seq, text);
    expect(Buffer.byteLength(line)).toBe(bytes);
    return line;
  }

  it("accepts a line of exactly maxLineBytes (1 MiB by default) and refuses one byte more", async () => {
    const exact = lineOfBytes(DEFAULT_MAX_LINE_BYTES);
    for (const [way, result] of Object.entries(await readEveryWay(`${exact}\n`))) {
      expect(result.events, way).toHaveLength(1);
    }
    for (const [way, result] of Object.entries(await readEveryWay(`${exact}\r\n`))) {
      expect(result.events, way).toHaveLength(1);
    }
    await expectFault(`${messageLine(0)}\n${lineOfBytes(DEFAULT_MAX_LINE_BYTES + 1, 1)}\n`, "line-too-long", 2);
    await expectFault(`${lineOfBytes(DEFAULT_MAX_LINE_BYTES + 1)}`, "line-too-long", 1);
  });

  it("refuses a huge line in a stream before holding all of it", async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        yield Buffer.from(`${messageLine(0)}\n{"seq":1,"payload":"`);
        while (produced < 64 * 1024 * 1024) {
          produced += 65_536;
          yield Buffer.alloc(65_536, 0x61);
        }
      })(),
    );
    await expect(collect(readTrace(endless))).rejects.toMatchObject({ reason: "line-too-long", line: 2 });
    expect(produced).toBeLessThan(2 * 1024 * 1024);
  });

  it("refuses invalid limits", () => {
    expect(() => readTraceSync("", { maxEvents: 0 })).toThrow(RangeError);
    expect(() => readTraceSync("", { maxDepth: 1.5 })).toThrow(RangeError);
  });

  it("counts depth with the event object as level 1", () => {
    const nested = (depth: number) => messageLine(0, JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`));
    expect(readTraceSync(nested(127))).toHaveLength(1);
    expect(() => readTraceSync(nested(128))).toThrow(expect.objectContaining({ reason: "too-deep" }));
    expect(readTraceSync(nested(9), { maxDepth: 10 })).toHaveLength(1);
    expect(readTraceSync(messageLine(0, '[[[[[[[[[[[[[[[[[[[[\\"[[[[[['), { maxDepth: 3 })).toHaveLength(1);
  });
});
