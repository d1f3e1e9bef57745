/**
 * The stdio relay against real processes: random byte streams through it to `cat` come back byte for byte; a
 * real SDK client drives server-everything through it and sees what it sees directly, while the trace holds every
 * message in order with stderr lines as `stderr` events; exit codes, signals and EOF pass through; and a stalled
 * sink costs observations, not latency.
 */
import { PassThrough } from "node:stream";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { callbackSink, fileSink, type QueueLimits, runStdioRelay, type Sink } from "../src/index.js";
import { assertWellOrdered, EVERYTHING, readTrace, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** Runs `cat` through the relay in-process, writes `input` in the given chunks, returns what came back. */
/** `cat` relayed between the given streams (no signals forwarded). */
function relayThroughCat(sink: Sink, stdin: PassThrough, stdout: PassThrough, queue?: QueueLimits) {
  return runStdioRelay({
    command: "cat",
    sink,
    stdin,
    stdout,
    stderr: new PassThrough(),
    forwardSignals: false,
    ...(queue ? { queue } : {}),
  });
}

async function throughCat(chunks: Uint8Array[], sink = callbackSink(() => {})) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const received: Buffer[] = [];
  stdout.on("data", (chunk: Buffer) => received.push(chunk));
  const done = relayThroughCat(sink, stdin, stdout);
  for (const chunk of chunks) stdin.write(chunk);
  stdin.end();
  const result = await done;
  return { bytes: Buffer.concat(received), result };
}

const byteChunks = fc.array(
  fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom(
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
      Buffer.from("\r\n"),
      Buffer.from("\n"),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('{"half":'),
    ),
  ),
  { maxLength: 40 },
);

describe("stdio relay: byte transparency", () => {
  it("forwards random byte streams (binary, invalid UTF-8, partial lines, CRLF) to cat and back byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(byteChunks, async (chunks) => {
        const { bytes, result } = await throughCat(chunks);
        expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
        expect(result.exitCode).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it("forwards a 10 MiB line whole and records it as one truncated raw event per direction", async () => {
    const events: TraceEvent[] = [];
    const line = Buffer.alloc(10 * 1024 * 1024, 0x61);
    const input = Buffer.concat([line, Buffer.from("\n")]);
    const chunks = [];
    for (let i = 0; i < input.length; i += 65536) chunks.push(input.subarray(i, i + 65536));
    const { bytes } = await throughCat(
      chunks,
      callbackSink((e) => {
        events.push(e);
      }),
    );
    expect(bytes.equals(input)).toBe(true);
    const raws = events.filter((e) => e.kind === "raw");
    expect(raws).toHaveLength(2);
    for (const raw of raws) {
      expect(raw).toMatchObject({ kind: "raw", truncated: true, bytes: line.length });
    }
  });
});

describe("stdio relay: a real session", () => {
  it("an SDK client sees through the relay what it sees directly, and the trace holds the whole session in order", async () => {
    const direct = await sessionWith({ command: process.execPath, args: [EVERYTHING, "stdio"] });
    const tracePath = `${dir.path}/stdio-everything.jsonl`;
    const relayed = await sessionWith({
      command: process.execPath,
      args: [RELAY_SCRIPT, tracePath, process.execPath, EVERYTHING, "stdio"],
    });
    expect(relayed).toEqual(direct);

    const events = readTrace(tracePath);
    assertWellOrdered(events);
    expect(events[0]).toMatchObject({ kind: "lifecycle", event: "transport-open" });
    expect(events.at(-1)).toMatchObject({ kind: "lifecycle" });
    const methods = events.flatMap((e) =>
      e.kind === "message" && e.direction === "client-to-server" ? [(e.payload as { method?: string }).method] : [],
    );
    expect(methods).toEqual(expect.arrayContaining(["initialize", "notifications/initialized", "tools/list"]));
    expect(methods).toContain("tools/call");
    expect(events.some((e) => e.kind === "stderr")).toBe(true);
    const responses = events.filter((e) => e.kind === "message" && e.direction === "server-to-client");
    expect(responses.length).toBeGreaterThanOrEqual(4);
  });
});

/** A node script that runs the relay with a file sink, as the CLI does (the CLI itself is tested in packages/cli). */
const RELAY_SCRIPT = new URL("./fixtures/relay.mjs", import.meta.url).pathname;

async function sessionWith(server: { command: string; args: string[] }) {
  const client = new Client({ name: "recorder-test", version: "1.0.0" });
  const transport = new StdioClientTransport({ ...server, stderr: "pipe" });
  (transport.stderr as NodeJS.ReadableStream | null)?.resume();
  await client.connect(transport);
  const tools = await client.listTools();
  const echo = await client.callTool({ name: "echo", arguments: { message: "hello through the wire" } });
  const sum = await client.callTool({ name: "get-sum", arguments: { a: 2, b: 40 } });
  const unknown = await client.callTool({ name: "no-such-tool", arguments: {} }).catch((e: Error) => e.message);
  await client.close();
  return { names: tools.tools.map((t) => t.name).sort(), echo, sum, unknown, server: client.getServerVersion() };
}

describe("stdio relay: exit codes and end of session", () => {
  it("exits with the child's code", async () => {
    const result = await runStdioRelay({
      command: "sh",
      args: ["-c", "exit 3"],
      sink: [],
      stdin: endedStream(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: false,
    });
    expect(result.exitCode).toBe(3);
  });

  it("exits 128+n when the child dies of signal n", async () => {
    const result = await runStdioRelay({
      command: "sh",
      args: ["-c", "kill -TERM $$"],
      sink: [],
      stdin: endedStream(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: false,
    });
    expect(result.exitCode).toBe(128 + 15);
    expect(result.signal).toBe("SIGTERM");
  });

  it("the client closing stdin ends a child that reads to end of input", async () => {
    const { result } = await throughCat([Buffer.from("bye\n")]);
    expect(result.exitCode).toBe(0);
  });

  it("a child that cannot be started gives 127 and a one-line reason", async () => {
    const result = await runStdioRelay({
      command: "/nonexistent/server",
      sink: [],
      stdin: endedStream(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: false,
    });
    expect(result.exitCode).toBe(127);
    expect(result.spawnError).toMatch(/cannot start \/nonexistent\/server: ENOENT/);
  });

  it("records stderr lines as stderr events and closes with transport-close", async () => {
    const events: TraceEvent[] = [];
    const result = await runStdioRelay({
      command: "sh",
      args: ["-c", "echo 'a log line' >&2; echo not-json"],
      sink: callbackSink((e) => {
        events.push(e);
      }),
      stdin: endedStream(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      forwardSignals: false,
    });
    expect(result.exitCode).toBe(0);
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["stderr", "raw"]));
    expect(events.find((e) => e.kind === "stderr")).toMatchObject({ text: "a log line" });
    expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
  });

  it("refuses to start when the trace file exists and force is not given", async () => {
    const path = `${dir.path}/exists.jsonl`;
    fileSink(path, { session: "x" });
    expect(() => fileSink(path, { session: "x" })).toThrow(/already exists/);
  });
});

describe("stdio relay: a stalled sink", () => {
  it("does not delay forwarding: 200 round trips complete while the sink is stalled, the overflow dropped and counted", async () => {
    // The sink is released only after the last round trip: a relay that waited on it would never get there. The
    // relay's round-trip latency is bench/recorder's figure (a stalled/free latency ratio here failed under load).
    const measure = async (stall: boolean) => {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      let release: () => void = () => {};
      const stalled = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sink = callbackSink(async () => {
        if (stall) await stalled;
      });
      const done = relayThroughCat(sink, stdin, stdout, { maxEvents: 50, closeTimeoutMs: 100 });
      let roundTrips = 0;
      for (let i = 0; i < 200; i++) {
        const line = `${JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" })}\n`;
        const back = new Promise<void>((resolve) => stdout.once("data", () => resolve()));
        stdin.write(line);
        await back;
        roundTrips++;
      }
      stdin.end();
      setTimeout(release, 10);
      const result = await done;
      return { roundTrips, dropped: result.stats.dropped };
    };
    const free = await measure(false);
    const stalled = await measure(true);
    expect(free).toEqual({ roundTrips: 200, dropped: 0 });
    expect(stalled.roundTrips).toBe(200);
    expect(stalled.dropped).toBeGreaterThan(100); // the queue held 50; the rest were dropped and counted
  });
});

function endedStream(): PassThrough {
  const stream = new PassThrough();
  stream.end();
  return stream;
}
