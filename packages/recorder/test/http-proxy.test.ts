/**
 * The HTTP proxy against real peers: random bodies both ways through it come out byte for byte, with Host and
 * Origin untouched; an SDK client drives server-everything through it and sees what it sees directly, each session
 * in its own trace; and the faults — upstream down (502), a client dropping an SSE stream (upstream aborted), a 401
 * challenge — are all recorded. The fault upstreams are the test's own small servers, since no real peer can fail
 * on demand.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackSink, fileSink, type HttpProxy, type SessionOpening, startHttpProxy } from "../src/index.js";
import { assertWellOrdered, freePort, readTrace, startEverythingHttp, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** Collects each session's events in memory. */
function memorySessions() {
  const sessions = new Map<string, TraceEvent[]>();
  return {
    sessions,
    sinkForSession: (opening: SessionOpening) => {
      const events: TraceEvent[] = [];
      sessions.set(opening.session, events);
      return callbackSink((e) => {
        events.push(e);
      });
    },
  };
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Uint8Array },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "POST", headers: options.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("HTTP proxy: byte transparency", () => {
  let upstream: { server: http.Server; url: string };
  let proxy: HttpProxy;
  const seen: Array<{ body: Buffer; host?: string; origin?: string; url?: string; raw: string[] }> = [];
  beforeAll(async () => {
    // An echo upstream: answers with the request body, in pieces, reversed in no way.
    upstream = await listen((req, res) => {
      const parts: Buffer[] = [];
      req.on("data", (c: Buffer) => parts.push(c));
      req.on("end", () => {
        const body = Buffer.concat(parts);
        seen.push({ body, host: req.headers.host, origin: req.headers.origin, url: req.url, raw: req.rawHeaders });
        res.writeHead(200, { "content-type": "application/octet-stream" });
        for (let i = 0; i < body.length; i += 1000) res.write(body.subarray(i, i + 1000));
        res.end();
      });
    });
    proxy = await startHttpProxy({
      upstream: `${upstream.url}/mcp`,
      listen: { host: "127.0.0.1", port: 0 },
      ...memorySessions(),
    });
  });
  afterAll(async () => {
    await proxy.close();
    upstream.server.close();
  });

  it("forwards random request and response bodies byte for byte, with Host and Origin unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200_000 }), async (body) => {
        seen.length = 0;
        const res = await request(proxy.url, {
          body,
          headers: { "content-type": "application/json", host: "example.test:1234", origin: "http://evil.test" },
        });
        expect(res.status).toBe(200);
        expect(res.body.equals(Buffer.from(body))).toBe(true);
        expect(seen[0]!.body.equals(Buffer.from(body))).toBe(true);
        expect(seen[0]).toMatchObject({ host: "example.test:1234", origin: "http://evil.test", url: "/mcp" });
      }),
      { numRuns: 30 },
    );
  });

  it("leaves behind hop-by-hop headers and those the Connection header names, and forwards the rest as written", async () => {
    seen.length = 0;
    await request(proxy.url, {
      body: Buffer.from("{}"),
      headers: {
        "X-Private": "secret",
        Connection: "X-Private, keep-alive",
        "Keep-Alive": "timeout=5",
        "Proxy-Connection": "keep-alive",
        TE: "trailers",
        "X-Kept": "Yes",
      },
    });
    const names = seen[0]!.raw.filter((_, i) => i % 2 === 0);
    expect(names).toContain("X-Kept");
    expect(seen[0]!.raw[seen[0]!.raw.indexOf("X-Kept") + 1]).toBe("Yes");
    for (const dropped of ["x-private", "keep-alive", "proxy-connection", "te"]) {
      expect(names.map((n) => n.toLowerCase())).not.toContain(dropped);
    }
  });

  it("maps the proxy's root to the upstream URL and appends any other path (so /mcp reaches /mcp/mcp)", async () => {
    seen.length = 0;
    await request(`${proxy.url}mcp?x=1`, { body: Buffer.from("{}") });
    await request(`${proxy.url}other/path`, { body: Buffer.from("{}") });
    expect(seen.map((s) => s.url)).toEqual(["/mcp/mcp?x=1", "/mcp/other/path"]);
  });
});

describe("HTTP proxy: a real session against server-everything", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything.stop();
  });

  it("an SDK client sees through the proxy what it sees directly; each session lands in its own ordered trace", async () => {
    const direct = await sessionAt(everything.url);
    const proxy = await startHttpProxy({
      upstream: everything.url,
      listen: { port: 0 },
      sinkForSession: ({ session }: SessionOpening) => fileSink(`${dir.path}/http/{session}.jsonl`, { session }),
    });
    const first = await sessionAt(proxy.url);
    const second = await sessionAt(proxy.url);
    const stats = await proxy.close();
    expect(first).toEqual(direct);
    expect(second).toEqual(direct);

    const files = stats.sessions.flatMap((s) => s.sinks.map((k) => k.path!));
    expect(files).toHaveLength(2);
    for (const file of files) {
      const events = readTrace(file);
      assertWellOrdered(events);
      expect(events[0]).toMatchObject({ kind: "lifecycle", event: "transport-open" });
      const open = events[0] as { meta?: { session?: string; upstream?: string } };
      expect(file).toContain(open.meta!.session!);
      expect(open.meta!.upstream).toBe(everything.url);
      const firstHttp = events.find((e) => e.kind === "http");
      expect(firstHttp).toMatchObject({ direction: "client-to-server", method: "POST", path: "/mcp" });
      const statuses = events.flatMap((e) => (e.kind === "http" && e.status !== undefined ? [e.status] : []));
      expect(statuses).toContain(202); // the acknowledged notifications/initialized
      const methods = events.flatMap((e) =>
        e.kind === "message" && e.direction === "client-to-server" ? [(e.payload as { method?: string }).method] : [],
      );
      expect(methods).toEqual(expect.arrayContaining(["initialize", "notifications/initialized", "tools/call"]));
      for (const e of events) {
        if (e.kind === "http" && e.headers) expect(Object.keys(e.headers)).not.toContain("authorization");
      }
      // The HTTP pairing is recorded: every request has its own exchange number, and each response carries the
      // number of one earlier request (the SDK's GET stream runs beside its POSTs, so requests overlap).
      const asked = new Set<number>();
      for (const e of events) {
        if (e.kind !== "http") continue;
        expect(e.exchange, `seq ${e.seq}`).toBeGreaterThan(0);
        if (e.direction === "client-to-server") {
          expect(asked.has(e.exchange!)).toBe(false);
          asked.add(e.exchange!);
        } else {
          expect(asked.has(e.exchange!), `seq ${e.seq}`).toBe(true);
          asked.delete(e.exchange!);
        }
      }
    }
  });
});

async function sessionAt(url: string) {
  const client = new Client({ name: "recorder-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: "Bearer secret-token" } },
  });
  await client.connect(transport);
  const tools = await client.listTools();
  const echo = await client.callTool({ name: "echo", arguments: { message: "through the proxy" } });
  const sum = await client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } });
  await client.close();
  return { names: tools.tools.map((t) => t.name).sort(), echo, sum, server: client.getServerVersion() };
}

describe("HTTP proxy: faults", () => {
  it("answers 502 when the upstream cannot be reached, and records it", async () => {
    const memory = memorySessions();
    const proxy = await startHttpProxy({
      upstream: `http://127.0.0.1:${await freePort()}/mcp`,
      listen: { port: 0 },
      ...memory,
    });
    const res = await request(proxy.url, {
      body: Buffer.from('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}'),
      headers: { "content-type": "application/json" },
    });
    await proxy.close();
    expect(res.status).toBe(502);
    expect([...memory.sessions.keys()]).toEqual(["stateless-1"]); // sessionless traffic: a bucket of its own
    const events = [...memory.sessions.values()].flat();
    expect(events.find((e) => e.kind === "http" && e.direction === "server-to-client")).toMatchObject({
      status: 502,
      proxy: true,
    });
    expect(events.find((e) => e.kind === "message")).toMatchObject({ direction: "client-to-server" });
  });

  it("records a 401 with its WWW-Authenticate challenge verbatim, and never the authorization header", async () => {
    const challenge = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource", scope="a b"';
    const upstream = await listen((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(401, { "www-authenticate": challenge, "content-type": "text/plain" });
        res.end("unauthorized");
      });
    });
    const memory = memorySessions();
    const proxy = await startHttpProxy({ upstream: upstream.url, listen: { port: 0 }, ...memory });
    const res = await request(proxy.url, {
      body: Buffer.from('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}'),
      headers: { "content-type": "application/json", authorization: "Bearer leaked", cookie: "a=b" },
    });
    await proxy.close();
    upstream.server.close();
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe(challenge);
    const events = [...memory.sessions.values()].flat();
    const response = events.find((e) => e.kind === "http" && e.direction === "server-to-client");
    expect(response).toMatchObject({ status: 401, headers: { "www-authenticate": challenge } });
    expect(JSON.stringify(events)).not.toMatch(/leaked|a=b/);
  });

  it("aborts the upstream request when the client drops an SSE stream mid-flight, and records the abort", async () => {
    let upstreamAborted: () => void = () => {};
    const aborted = new Promise<void>((resolve) => {
      upstreamAborted = resolve;
    });
    const upstream = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "mcp-session-id": "sse-session" });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"n":${n++}}}\n\n`);
      }, 10);
      res.on("close", () => {
        clearInterval(timer);
        upstreamAborted();
      });
    });
    const memory = memorySessions();
    const proxy = await startHttpProxy({ upstream: upstream.url, listen: { port: 0 }, ...memory });
    await new Promise<void>((resolve) => {
      const req = http.request(
        proxy.url,
        { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": "sse-session" } },
        (res) => {
          let events = 0;
          res.on("data", (chunk: Buffer) => {
            events += chunk.toString().split("\n\n").length - 1;
            if (events >= 3) {
              req.destroy();
              resolve();
            }
          });
        },
      );
      req.end();
    });
    await aborted;
    await new Promise((r) => setTimeout(r, 50));
    await proxy.close();
    upstream.server.close();
    const events = memory.sessions.get("sse-session")!;
    expect(events.filter((e) => e.kind === "message").length).toBeGreaterThanOrEqual(2);
    expect(events).toContainEqual(
      expect.objectContaining({ kind: "lifecycle", event: "transport-abort", direction: "client-to-server" }),
    );
  });

  it("records responses without a JSON-RPC body (202, 405) as their http events", async () => {
    const upstream = await listen((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(req.method === "GET" ? 405 : 202, req.method === "GET" ? { allow: "POST" } : {});
        res.end();
      });
    });
    const memory = memorySessions();
    const proxy = await startHttpProxy({ upstream: upstream.url, listen: { port: 0 }, ...memory });
    await request(proxy.url, {
      body: Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}'),
      headers: { "content-type": "application/json", "mcp-session-id": "s1" },
    });
    await request(proxy.url, { method: "GET", headers: { "mcp-session-id": "s1" } });
    await proxy.close();
    upstream.server.close();
    const statuses = memory.sessions.get("s1")!.flatMap((e) => (e.kind === "http" && e.status ? [e.status] : []));
    expect(statuses).toEqual([202, 405]);
  });
});
