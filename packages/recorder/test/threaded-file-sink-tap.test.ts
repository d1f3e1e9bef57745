/**
 * A tap on the threaded file sink's thread sees every event the trace file gets, in seq order and as written (after
 * redaction); a tap that cannot start or that throws is dropped with an error and the trace is written regardless.
 */
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { MessageChannel } from "node:worker_threads";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileRedaction, type Redactor, runStdioRelay, threadedFileSink } from "../src/index.js";
import { tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
const ECHO_TAP = new URL("./fixtures/echo-tap.mjs", import.meta.url).href;
let n = 0;

/** `cat` relayed with a threaded file sink tapped by `module`; what the tap posted back, and the relay's stats. */
async function tapped(
  input: string,
  module: string,
  options: { redact?: Redactor; throwAt?: number; fullAfter?: number; poll?: () => void } = {},
) {
  const path = `${dir.path}/tapped-${n++}.jsonl`;
  const { port1, port2 } = new MessageChannel();
  const seen: TraceEvent[] = [];
  const closed = new Promise<{ skipped: number }>((resolve) => {
    port1.on("message", (message: TraceEvent | { closed: true; skipped: number }) => {
      if ("closed" in message) resolve(message);
      else seen.push(message);
    });
  });
  const sink = threadedFileSink(path, {
    tap: () => ({
      module,
      data: { port: port2, throwAt: options.throwAt, fullAfter: options.fullAfter },
      transfer: [port2],
      ...(options.poll ? { poll: options.poll } : {}),
    }),
  });
  const stdin = new PassThrough();
  const done = runStdioRelay({
    command: "cat",
    sink,
    redact: options.redact,
    session: "tapped",
    timestamps: false,
    stdin,
    stdout: new PassThrough().resume(),
    stderr: new PassThrough(),
    forwardSignals: false,
  });
  stdin.end(input);
  const { stats } = await done;
  return { path, seen, closed, stats, close: () => port1.close() };
}

const fileLines = (path: string) => readFileSync(path, "utf8").trimEnd().split("\n");

describe("a tap on the threaded file sink's thread", () => {
  it("is given every event the file gets, in order, exactly as written", async () => {
    const line = fc.oneof(
      fc.json().map((j) => `${j}\n`),
      fc.string().map((s) => `${s.replace(/\n/g, "")}\n`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), async (lines) => {
        const run = await tapped(lines.join(""), ECHO_TAP);
        await run.closed;
        run.close();
        expect(run.seen.map(serializeEvent)).toEqual(fileLines(run.path));
        expect(run.stats.sinks[0]).toMatchObject({ written: run.stats.recorded, dropped: 0, errors: [] });
      }),
      { numRuns: 10 },
    );
  });

  it("sees the redacted events, as the file holds them", async () => {
    const redact = compileRedaction({ keys: ["password"] });
    const run = await tapped('{"jsonrpc":"2.0","id":1,"method":"x","params":{"password":"hunter2"}}\n', ECHO_TAP, {
      redact,
    });
    await run.closed;
    run.close();
    expect(JSON.stringify(run.seen)).not.toContain("hunter2");
    expect(run.seen.map(serializeEvent)).toEqual(fileLines(run.path));
  });

  it("that cannot be loaded is reported, and the trace is written without it", async () => {
    const run = await tapped(
      '{"jsonrpc":"2.0","method":"a"}\n',
      new URL("./fixtures/no-such-tap.mjs", import.meta.url).href,
    );
    run.close();
    expect(fileLines(run.path)).toHaveLength(run.stats.recorded);
    expect(run.stats.sinks[0]!.errors.join("\n")).toMatch(/tap .*no-such-tap\.mjs failed to start/);
  });

  it("that throws is stopped, and the trace is written whole", async () => {
    const input = Array.from({ length: 20 }, (_, i) => `{"jsonrpc":"2.0","method":"m${i}"}\n`).join("");
    const run = await tapped(input, ECHO_TAP, { throwAt: 5 });
    run.close();
    expect(fileLines(run.path)).toHaveLength(run.stats.recorded);
    expect(run.seen).toHaveLength(5);
    expect(run.stats.sinks[0]!.errors).toEqual(["tap failed and was stopped: tap broke on purpose"]);
  });

  it("that says it is full is told of each event it skipped instead of being given it", async () => {
    const input = Array.from({ length: 20 }, (_, i) => `{"jsonrpc":"2.0","method":"m${i}"}\n`).join("");
    const run = await tapped(input, ECHO_TAP, { fullAfter: 4 });
    const { skipped } = await run.closed;
    run.close();
    expect(fileLines(run.path)).toHaveLength(run.stats.recorded);
    expect(run.seen.map((event) => event.seq)).toEqual([0, 1, 2, 3]);
    expect(skipped).toBe(run.stats.recorded - 4);
  });

  it("is polled on the session's thread as entries are handed over, and one whose poll throws is not polled again", async () => {
    const input = Array.from({ length: 20 }, (_, i) => `{"jsonrpc":"2.0","method":"m${i}"}\n`).join("");
    let polls = 0;
    const polled = await tapped(input, ECHO_TAP, { poll: () => polls++ });
    await polled.closed;
    polled.close();
    expect(polls).toBeGreaterThan(0);
    expect(polled.seen).toHaveLength(polled.stats.recorded);

    let throws = 0;
    const broken = await tapped(input, ECHO_TAP, {
      poll: () => {
        throws++;
        throw new Error("poll broke on purpose");
      },
    });
    await broken.closed;
    broken.close();
    expect(throws).toBe(1);
    expect(fileLines(broken.path)).toHaveLength(broken.stats.recorded);
    expect(broken.stats.sinks[0]!.errors).toEqual(["tap poll failed and was stopped: poll broke on purpose"]);
  });
});
