/**
 * Invalid UTF-8 on the wire is recorded as such: the bytes are forwarded untouched, and the recorded message or
 * line carries `invalidUtf8: true` (its text has them replaced, so without the mark a real U+FFFD and a broken byte
 * could not be told apart), on stdio lines, HTTP JSON bodies and SSE events alike. The peers are `cat` and the
 * test's own upstream: no real server emits broken UTF-8 on demand.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { callbackSink, runStdioRelay, startHttpProxy } from "../src/index.js";
import { buildLineEvent, lineEventJson } from "../src/line-event.js";

/** `{"jsonrpc":"2.0","id":1,"result":{"text":"fran\xe7ais"}}`: a Latin-1 ç, not UTF-8. */
const LATIN1 = Buffer.concat([
  Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"text":"fran'),
  Buffer.from([0xe7]),
  Buffer.from('ais"}}'),
]);
const VALID = Buffer.from('{"jsonrpc":"2.0","id":2,"result":{"text":"français \ufffd"}}');

const record = (bytes: Buffer, truncated = false, length = bytes.length) => ({
  seq: 1,
  at: undefined,
  direction: "server-to-client" as const,
  transport: "stdio" as const,
  bytes,
  length,
  truncated,
});

describe("a line's UTF-8 validity", () => {
  it("marks a message whose bytes are not UTF-8, and not one holding a real U+FFFD", () => {
    expect(buildLineEvent(record(LATIN1))).toMatchObject({ kind: "message", invalidUtf8: true });
    expect(buildLineEvent(record(VALID))).not.toHaveProperty("invalidUtf8");
    expect(JSON.parse(lineEventJson(record(LATIN1)))).toMatchObject({ kind: "message", invalidUtf8: true });
    expect(JSON.parse(lineEventJson(record(VALID)))).not.toHaveProperty("invalidUtf8");
  });

  it("marks a non-JSON line too, and a cut line only for what was kept, not for a character the cut split", () => {
    expect(buildLineEvent(record(Buffer.from([0x6c, 0x6f, 0x67, 0xff])))).toMatchObject({
      kind: "raw",
      invalidUtf8: true,
    });
    const euro = Buffer.from('{"a":"€€"}');
    const cutInEuro = euro.subarray(0, 8); // {"a":" and the first two of € 's three bytes
    expect(buildLineEvent(record(cutInEuro, true, euro.length))).not.toHaveProperty("invalidUtf8");
    const cutAfterBad = Buffer.concat([LATIN1.subarray(0, 50), euro.subarray(0, 8)]);
    expect(buildLineEvent(record(cutAfterBad, true, 200))).toMatchObject({ truncated: true, invalidUtf8: true });
  });
});

describe("invalid UTF-8 through the recorder", () => {
  it("stdio: cat gets the bytes back unchanged, and the trace marks the line", async () => {
    const events: TraceEvent[] = [];
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const received: Buffer[] = [];
    stdout.on("data", (c: Buffer) => received.push(c));
    const done = runStdioRelay({
      command: "cat",
      sink: callbackSink((e) => void events.push(e)),
      stdin,
      stdout,
      stderr: new PassThrough(),
      forwardSignals: false,
    });
    const input = Buffer.concat([LATIN1, Buffer.from("\n"), VALID, Buffer.from("\n")]);
    stdin.end(input);
    await done;
    expect(Buffer.concat(received).equals(input)).toBe(true);
    const messages = events.filter((e) => e.kind === "message");
    expect(messages.map((e) => e.invalidUtf8 === true)).toEqual([true, false, true, false]);
  });

  it("HTTP: a JSON body and an SSE event with invalid bytes reach the client unchanged, and are marked", async () => {
    const sse = Buffer.concat([Buffer.from("event: message\ndata: "), LATIN1, Buffer.from("\n\n")]);
    const upstream = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const asSse = req.headers.accept === "text/event-stream";
        res.writeHead(200, { "content-type": asSse ? "text/event-stream" : "application/json" });
        res.end(asSse ? sse : LATIN1);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const events: TraceEvent[] = [];
    const proxy = await startHttpProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`,
      listen: { host: "127.0.0.1", port: 0 },
      sinkForSession: () => callbackSink((e) => void events.push(e)),
    });
    const fetchBody = (accept: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const req = http.request(proxy.url, {
          method: "POST",
          headers: { accept, "content-type": "application/json" },
        });
        req.on("response", (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => resolve(Buffer.concat(parts)));
        });
        req.on("error", reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      });
    expect((await fetchBody("application/json")).equals(LATIN1)).toBe(true);
    expect((await fetchBody("text/event-stream")).equals(sse)).toBe(true);
    await proxy.close();
    upstream.close();
    const answers = events.filter((e) => e.kind === "message" && e.direction === "server-to-client");
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer).toMatchObject({ invalidUtf8: true, payload: { id: 1 } });
  });
});
