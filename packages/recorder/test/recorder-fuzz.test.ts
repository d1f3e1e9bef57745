/**
 * Fuzzing the recorder's inputs (fast-check): random byte streams — JSON lines, invalid UTF-8, CR/LF in every
 * combination, SSE fields and blank lines, cut anywhere into chunks — through the HTTP proxy as request bodies and as
 * JSON or SSE response bodies. The client and the upstream get exactly the bytes sent, the recorder never throws,
 * and every recorded event serialises to a trace line that reads back as the same event. (Random byte streams
 * through the stdio relay are in stdio-relay.test.ts.)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readTraceSync, serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackSink, type HttpProxy, startHttpProxy } from "../src/index.js";

const pieces = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.constantFrom(
    '{"jsonrpc":"2.0","id":1,"result":{}}',
    '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"é€"}}',
    "data: ",
    "data:",
    "event: message\n",
    "id: 7\n",
    ": comment\n",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    "\ufeff",
    '{"half":',
  ),
  fc.constantFrom(Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82]), Buffer.from([0xed, 0xa0, 0x80])),
);
const stream = fc
  .array(pieces, { maxLength: 30 })
  .map((parts) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p)))));
/** Where to cut a body into chunks: fractions of its length. */
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 });

function chunked(body: Buffer, at: number[]): Buffer[] {
  const points = [...new Set(at.map((f) => Math.floor(f * body.length)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let start = 0;
  for (const p of points) {
    out.push(body.subarray(start, p));
    start = p;
  }
  out.push(body.subarray(start));
  return out.filter((c) => c.length > 0);
}

describe("fuzzing the HTTP proxy's recorder", () => {
  let upstream: http.Server;
  let proxy: HttpProxy;
  const events: TraceEvent[] = [];
  let errors = 0;
  /** What the upstream answers next, and what it received last. */
  let answer: { type: string; chunks: Buffer[] } = { type: "application/json", chunks: [] };
  let received = Buffer.alloc(0);

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on("data", (c: Buffer) => parts.push(c));
      req.on("end", async () => {
        received = Buffer.concat(parts);
        res.writeHead(200, { "content-type": answer.type });
        for (const chunk of answer.chunks) {
          res.write(chunk);
          await new Promise((resolve) => setImmediate(resolve));
        }
        res.end();
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    proxy = await startHttpProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`,
      listen: { host: "127.0.0.1", port: 0 },
      maxMessageBytes: 64,
      sinkForSession: () =>
        callbackSink((e) => {
          events.push(e);
        }),
      onError: () => {
        errors++;
      },
    });
  });
  afterAll(async () => {
    await proxy.close();
    upstream.close();
  });

  function exchange(request: Buffer[]): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const req = http.request(proxy.url, { method: "POST", headers: { "content-type": "application/json" } });
      req.on("response", (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve(Buffer.concat(parts)));
      });
      req.on("error", reject);
      for (const chunk of request) req.write(chunk);
      req.end();
    });
  }

  it("forwards every byte both ways, and every recorded event reads back as itself", async () => {
    await fc.assert(
      fc.asyncProperty(
        stream,
        cuts,
        stream,
        cuts,
        fc.constantFrom("application/json", "text/event-stream"),
        async (requestBody, requestCuts, responseBody, responseCuts, type) => {
          answer = { type, chunks: chunked(responseBody, responseCuts) };
          const got = await exchange(chunked(requestBody, requestCuts));
          expect(received.equals(requestBody)).toBe(true);
          expect(got.equals(responseBody)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    await proxy.close();
    expect(errors).toBe(0);
    expect(events.length).toBeGreaterThan(0);
    const lines = events.map((e) => serializeEvent(e));
    expect(readTraceSync(`${lines.join("\n")}\n`)).toEqual(JSON.parse(JSON.stringify(events)));
  }, 180_000);
});
