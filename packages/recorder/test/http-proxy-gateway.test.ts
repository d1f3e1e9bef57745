/**
 * The HTTP proxy as a gateway uses it: a request sent on a kept-alive connection the upstream had already closed is
 * sent again on a fresh one instead of failing with 502, and each session ends once — on DELETE, when its client
 * drops its GET stream (the SDK's `close()`), or after the idle timeout (never while a GET stream of it is open) —
 * with `onSessionEnd` told why.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackSink, type SessionEnding, startHttpProxy } from "../src/index.js";
import { startEverythingHttp } from "./helpers.js";

function post(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("HTTP proxy: a kept-alive upstream connection the upstream has closed", () => {
  it("sends the request again on a fresh connection, and the client gets the upstream's answer", async () => {
    // A fault no real server shows on demand: every connection's second request is met with a reset, unread, as a
    // server's idle timer closing the connection just as the request arrives.
    const served = new Map<Socket, number>();
    const upstream = http.createServer((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count === 2) {
        req.socket.resetAndDestroy();
        return;
      }
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const events: TraceEvent[] = [];
    const proxy = await startHttpProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`,
      listen: { port: 0 },
      sinkForSession: () => callbackSink((e) => void events.push(e)),
    });
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const first = await post(proxy.url, body);
    const second = await post(proxy.url, body); // on the first one's connection, which the upstream resets
    await proxy.close();
    upstream.close();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(served.size).toBe(2); // the retry went out on a connection of its own
    const statuses = events.filter((e) => e.kind === "http" && e.direction === "server-to-client");
    expect(statuses.map((e) => (e as { status?: number }).status)).toEqual([200, 200]);
  });
});

describe("HTTP proxy: how sessions end", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything.stop();
  });

  it("ends each session once: on DELETE, on the client's close, after the idle timeout, and at stop", async () => {
    const ended: SessionEnding[] = [];
    const traces = new Map<string, TraceEvent[]>();
    const opened: string[] = [];
    const proxy = await startHttpProxy({
      upstream: everything.url,
      listen: { port: 0 },
      sessionIdleMs: 400,
      sinkForSession: ({ session }) => {
        opened.push(session);
        const events: TraceEvent[] = [];
        traces.set(session, events);
        return callbackSink((e) => void events.push(e));
      },
      onSessionEnd: (ending) => void ended.push(ending),
    });
    // `stream: false`: a client whose GET stream is refused (405, as by a server without one), so only requests show it.
    const noStream: typeof fetch = (url, init) =>
      init?.method === "GET" ? Promise.resolve(new Response(null, { status: 405 })) : fetch(url, init);
    const connect = async (stream = true) => {
      const transport = new StreamableHTTPClientTransport(new URL(proxy.url), stream ? {} : { fetch: noStream });
      const client = new Client({ name: "gateway-test", version: "1.0.0" });
      await client.connect(transport);
      await client.listTools();
      return { client, transport, id: transport.sessionId! };
    };
    const reasonOf = (id: string) => ended.filter((e) => e.session === id).map((e) => e.reason);

    const deleted = await connect();
    await deleted.transport.terminateSession();
    await expect.poll(() => reasonOf(deleted.id)).toEqual(["delete"]);
    await deleted.client.close();
    // A client still talking to a session that has ended is forwarded (the server refuses it) and not traced again.
    const late = await new Promise<number>((resolve, reject) => {
      const req = http.request(proxy.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": deleted.id,
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end('{"jsonrpc":"2.0","id":9,"method":"ping"}');
    });
    expect(late).toBeGreaterThanOrEqual(400);

    const closed = await connect();
    await closed.client.close();
    await expect.poll(() => reasonOf(closed.id)).toEqual(["close"]);

    // Both send no request after connecting; the streaming one connected first, so it was quiet longer.
    const streaming = await connect(); // its GET stream stays open: a live session
    const idle = await connect(false);
    await expect.poll(() => reasonOf(idle.id), { timeout: 5_000 }).toEqual(["idle"]);
    expect(reasonOf(streaming.id)).toEqual([]);
    await streaming.client.close();
    await expect.poll(() => reasonOf(streaming.id)).toEqual(["close"]);

    const open = await connect();
    await proxy.close();
    await open.client.close();
    await idle.client.close();
    expect(reasonOf(open.id)).toEqual(["stop"]);
    expect(new Set(opened).size).toBe(opened.length); // no session traced twice
    expect(ended.map((e) => e.session).sort()).toEqual([...opened].sort()); // each one ended once
    for (const { session, stats } of ended) {
      const events = traces.get(session)!;
      expect(stats.recorded).toBe(events.length);
      expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
    }
  }, 30_000);
});
