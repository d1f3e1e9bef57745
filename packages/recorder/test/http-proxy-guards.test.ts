/**
 * The HTTP proxy's guards against a hostile or misconfigured peer: an upstream streaming one SSE `data:` line larger
 * than a JavaScript string can hold, and the proxy pointed at itself. The flood runs in a child process on the
 * built proxy, so its peak memory is that process's own.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";
import { callbackSink, type HttpProxy, startHttpProxy } from "../src/index.js";
import { freePort } from "./helpers.js";

const FLOOD = new URL("./fixtures/sse-flood.mjs", import.meta.url).pathname;
const MiB = 1024 * 1024;

describe("HTTP proxy: an SSE data line past --max-message-bytes", () => {
  it("forwards a 540 MiB data line unchanged, records its first bytes and length, and its memory stays bounded", () => {
    // Past V8's longest string (2^29 - 24 characters): the parser that joined text threw a RangeError here.
    const size = 540 * MiB;
    const max = MiB;
    const run = spawnSync(process.execPath, [FLOOD, String(size), String(max)], { encoding: "utf8", timeout: 240_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.receivedBytes).toBe(result.sentBytes);
    expect(result.received).toBe(result.sent);
    // The old parser grew ~2.7 bytes per byte of the line before it threw; bounded, the growth is a few MiB of
    // buffers in flight, whatever the line's length.
    expect(result.rssAfter - result.rssBefore).toBeLessThan(160 * MiB);
    expect(result.events.map((e: { kind: string }) => e.kind)).toEqual([
      "lifecycle",
      "http",
      "message",
      "http",
      "raw",
      "message",
      "lifecycle",
    ]);
    expect(result.events[4]).toMatchObject({ kind: "raw", truncated: true, bytes: size, textLength: max });
    expect(result.events[5].payload).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(result.events[6].event).toBe("transport-close");
  }, 300_000);
});

describe("HTTP proxy: pointed at itself", () => {
  let proxy: HttpProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it("answers 508 at once with a one-line message, and records the looped answer in the client's session", async () => {
    const port = await freePort();
    const events: TraceEvent[] = [];
    proxy = await startHttpProxy({
      upstream: `http://user:secret@127.0.0.1:${port}/mcp`,
      listen: { host: "127.0.0.1", port },
      sinkForSession: () => callbackSink((e) => void events.push(e)),
    });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        proxy!.url,
        { method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => {
            body += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
    });
    expect(answer.status).toBe(508);
    expect(answer.body).toMatch(
      /^mcp-conf record: the upstream http:\/\/127\.0\.0\.1:\d+\/mcp is this proxy itself \(a loop\)[^\n]*\n$/,
    );
    expect(answer.body).not.toContain("secret");
    // The loop used to run ~3.5 s, to a 431, at 300 MB: the session holds the one 508 (below), no looped request.
    const stats = await proxy.close();
    proxy = undefined;
    expect(stats.sessions).toHaveLength(1);
    const statuses = events.filter((e) => e.kind === "http" && e.direction === "server-to-client");
    expect(statuses.map((e) => (e as { status?: number }).status)).toEqual([508]);
    expect(statuses[0]).toMatchObject({ proxy: true }); // the proxy's own answer, come back to it
  });
});
