/**
 * Collectors for the tests: the real OTLP receiver @elastic/mockotlpserver on a loopback port 0, with every request
 * body captured byte for byte (through Node's `http.server.request.start` diagnostics channel, beside the receiver's
 * own reading), and faulty ones of our own: one that stalls, one that answers 500, and an address nothing listens on.
 */
/// <reference path="./mockotlpserver.d.ts" />
import diagnosticsChannel from "node:diagnostics_channel";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { MockOtlpServer } from "@elastic/mockotlpserver";

export interface CapturedRequest {
  path: string;
  contentType: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RealCollector {
  /** Base URL, e.g. http://127.0.0.1:43210 */
  url: string;
  /** Raw bodies of every request, in arrival order. */
  requests: CapturedRequest[];
  /** What the receiver parsed and published for each traces request. */
  traces: unknown[];
  /** Resolves once `n` traces requests were received (or rejects after `timeoutMs`). */
  waitForTraces(n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface RequestStart {
  request: http.IncomingMessage;
  server: http.Server;
}

/** Starts mockotlpserver (HTTP only) on 127.0.0.1:0. */
export async function startRealCollector(): Promise<RealCollector> {
  const traces: unknown[] = [];
  const requests: CapturedRequest[] = [];
  const waiters: (() => void)[] = [];
  const server = new MockOtlpServer({
    services: ["http"],
    httpHostname: "127.0.0.1",
    httpPort: 0,
    logLevel: "warn",
    onTrace: (trace: unknown) => {
      traces.push(trace);
      for (const w of waiters.splice(0)) w();
    },
  });
  await server.start();
  const url = String(server.httpUrl).replace(/\/$/, "");
  const port = Number(new URL(url).port);
  const capture = (message: unknown) => {
    const { request } = message as RequestStart;
    const local = request.socket.localPort;
    if (local !== port) return;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        path: request.url ?? "",
        contentType: request.headers["content-type"],
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
    });
  };
  diagnosticsChannel.subscribe("http.server.request.start", capture);
  return {
    url,
    requests,
    traces,
    async waitForTraces(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (traces.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${traces.length} of ${n} trace request(s) arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async stop() {
      diagnosticsChannel.unsubscribe("http.server.request.start", capture);
      await server.close();
    },
  };
}

export interface FaultyCollector {
  url: string;
  /** Requests received so far. */
  received: number;
  stop(): Promise<void>;
}

/** A collector of our own that answers every request with `status` after `delayMs` (a stall when large). */
export async function startFaultyCollector(options: { status: number; delayMs: number }): Promise<FaultyCollector> {
  const state = { received: 0 };
  const pending = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    state.received++;
    req.resume();
    pending.add(res);
    const timer = setTimeout(() => {
      pending.delete(res);
      res.writeHead(options.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "collector fault injected by the test" }));
    }, options.delayMs);
    res.on("close", () => {
      clearTimeout(timer);
      pending.delete(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    async stop() {
      for (const res of pending) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL nothing listens on: a port that was free a moment ago. */
export async function downCollectorUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
