/**
 * The streamable-HTTP reverse proxy. Every request is forwarded to the upstream with its method, path (appended
 * to the upstream URL, whose own path is the proxy's root), headers (`Host` and `Origin` untouched; only
 * hop-by-hop headers dropped) and body, streamed both ways chunk by chunk; a response is streamed back the same
 * way, SSE included. A copy of each body feeds the observers: the request's JSON, then each SSE `data:` event or
 * the JSON body of the response. The upstream unreachable → 502 from the proxy, recorded; a client that drops a
 * response stream → the upstream request aborted, recorded. Each MCP session gets its own recorder (see
 * `http-sessions.ts`).
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { ExchangeLog, type SessionOpening, SessionRouter } from "./http-sessions.js";
import type { Redactor } from "./privacy/redact.js";
import { safeUrl } from "./privacy/session-facts.js";
import { createRecorder, DEFAULT_MAX_MESSAGE_BYTES, type Recorder, type RecorderStats } from "./recorder.js";
import type { QueueLimits, Sink } from "./sink.js";
import { SseDataParser } from "./sse.js";

export interface HttpProxyOptions {
  /** The server's URL; the proxy's root path maps to it and any other path is appended to its path. */
  upstream: string | URL;
  /** Where to listen. Default 127.0.0.1:8080; port 0 picks a free port. */
  listen?: { host?: string; port?: number };
  /** The sink(s) of one session's trace, called when the session is first seen. May throw to refuse it. */
  sinkForSession: (opening: SessionOpening) => Sink | readonly Sink[];
  /** More sinks per session (a live judge), each behind its own queue. */
  extraSinks?: (opening: SessionOpening) => readonly Sink[];
  label?: string;
  maxMessageBytes?: number;
  queue?: QueueLimits;
  timestamps?: boolean;
  /** The user's redaction, applied to every event before any sink sees it. */
  redact?: Redactor | undefined;
  /** Problems met while running (a session whose trace could not be opened). */
  onError?: (message: string) => void;
  /** A session's recorder was created. */
  onSession?: (opening: SessionOpening, recorder: Recorder) => void;
}

export interface HttpProxy {
  /** The proxy's base URL as clients reach it (`http://127.0.0.1:PORT/`). */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  /** Stops listening, aborts what is in flight, closes every session's trace. */
  close(): Promise<HttpProxyStats>;
}

export interface HttpProxyStats {
  sessions: RecorderStats[];
  errors: string[];
}

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1); never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** The upstream URL a proxy request path maps to (seed 000: the proxy's root is the upstream URL itself). */
export function mapToUpstream(upstream: URL, requestUrl: string): URL {
  const q = requestUrl.search(/[?#]/);
  const path = q === -1 ? requestUrl : requestUrl.slice(0, q);
  const search = q === -1 ? "" : requestUrl.slice(q).replace(/#.*$/, "");
  const target = new URL(upstream.href);
  if (path !== "/" && path !== "") {
    target.pathname = upstream.pathname.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  }
  if (search) target.search = search;
  target.hash = "";
  return target;
}

function forwardable(rawHeaders: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === "connection") {
      for (const token of rawHeaders[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
    }
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return out;
}

function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A bounded copy of a body, for the observer. */
class BodyCopy {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  length = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    this.length += chunk.length;
    const room = this.max - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.parts.push(part);
    this.kept += part.length;
  }
  line() {
    const bytes = Buffer.concat(this.parts, this.kept);
    return { bytes, length: this.length, truncated: this.length > this.kept };
  }
}

const INITIALIZE = /"method"\s*:\s*"initialize"/;

/** Starts the proxy; resolves once it listens. Rejects if it cannot listen (the address is in use, …). */
export async function startHttpProxy(options: HttpProxyOptions): Promise<HttpProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:") {
    throw new Error(`the upstream must be an http:// or https:// URL, not ${upstream.protocol}`);
  }
  const client = upstream.protocol === "https:" ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const errors: string[] = [];
  const noteError = (message: string) => {
    if (errors.length < 100) errors.push(message);
    options.onError?.(message);
  };
  const label = options.label ?? (upstream.host.replace(/[^A-Za-z0-9.-]/g, "-") || "http");

  const router = new SessionRouter((opening) => {
    const base = {
      transport: "streamable-http" as const,
      label,
      session: opening.session,
      maxMessageBytes: maxBytes,
      queue: options.queue,
      timestamps: options.timestamps,
      redact: options.redact,
      meta: { upstream: safeUrl(upstream) },
    };
    let recorder: Recorder;
    try {
      recorder = createRecorder({
        ...base,
        sink: options.sinkForSession(opening),
        extraSinks: options.extraSinks?.(opening),
      });
    } catch (error) {
      noteError(`session ${opening.session}: ${error instanceof Error ? error.message : String(error)}`);
      recorder = createRecorder({ ...base, sink: [] });
    }
    options.onSession?.(opening, recorder);
    return recorder;
  });
  const inFlight = new Set<http.ClientRequest>();

  const server = http.createServer((req, res) => {
    res.sendDate = false; // the upstream's Date, not ours
    const exchange = new ExchangeLog();
    const requestSession = headerValue(req.headers, "mcp-session-id");
    if (requestSession !== undefined) exchange.bind(router.forSession(requestSession));
    const target = mapToUpstream(upstream, req.url ?? "/");
    const method = req.method ?? "GET";
    const body = new BodyCopy(maxBytes);
    const fallbackBind = () => {
      if (!exchange.bound) exchange.bind(router.stateless(false));
    };
    exchange.request((r) => r.http("client-to-server", { method, path: target.pathname, headers: req.rawHeaders }));

    const upstreamReq = client.request(target, { method, headers: forwardable(req.rawHeaders), agent });
    inFlight.add(upstreamReq);
    let responded = false;
    let finished = false;

    req.on("data", (chunk: Buffer) => {
      body.push(chunk);
      if (!upstreamReq.write(chunk)) {
        req.pause();
        upstreamReq.once("drain", () => req.resume());
      }
    });
    req.on("end", () => {
      if (body.length > 0) {
        const line = body.line();
        exchange.request((r) => r.observeLine("client-to-server", line));
      }
      exchange.requestDone();
      upstreamReq.end();
    });

    upstreamReq.on("response", (upstreamRes) => {
      responded = true;
      const status = upstreamRes.statusCode ?? 502;
      const responseSession = headerValue(upstreamRes.headers, "mcp-session-id");
      if (!exchange.bound) {
        exchange.bind(
          responseSession !== undefined
            ? router.forSession(responseSession)
            : router.stateless(INITIALIZE.test(body.line().bytes.toString("utf8"))),
        );
      }
      exchange.response((r) => r.http("server-to-client", { status, headers: upstreamRes.rawHeaders }));
      const contentType = (headerValue(upstreamRes.headers, "content-type") ?? "").toLowerCase();
      const isSse = contentType.startsWith("text/event-stream");
      const sse = isSse
        ? new SseDataParser((line) => exchange.response((r) => r.observeLine("server-to-client", line)), maxBytes)
        : undefined;
      const copy = isSse ? undefined : new BodyCopy(maxBytes);

      res.writeHead(status, upstreamRes.statusMessage, forwardable(upstreamRes.rawHeaders));
      // A stream's headers go out with its first chunk when that came in the same read (one write, not two),
      // else at the end of this turn of the loop, so a client waiting on an idle stream still gets them at once.
      if (isSse) setImmediate(() => res.headersSent || res.destroyed || res.flushHeaders());
      upstreamRes.on("data", (chunk: Buffer) => {
        if (sse) sse.push(chunk);
        else copy!.push(chunk);
        if (!res.write(chunk)) {
          upstreamRes.pause();
          res.once("drain", () => upstreamRes.resume());
        }
      });
      upstreamRes.on("end", () => {
        finished = true;
        inFlight.delete(upstreamReq);
        if (sse) sse.end();
        else if (copy!.length > 0) observeJsonBody(exchange, copy!, contentType);
        res.end();
        if (method === "DELETE" && status >= 200 && status < 300 && requestSession !== undefined) {
          router.end(requestSession);
        }
      });
      upstreamRes.on("error", () => {
        // The upstream dropped the response mid-stream: pass the break on to the client.
        if (finished) return;
        finished = true;
        inFlight.delete(upstreamReq);
        exchange.requestDone();
        exchange.response((r) =>
          r.lifecycle("transport-abort", {
            direction: "server-to-client",
            meta: { reason: "the upstream broke off the response" },
          }),
        );
        res.destroy();
      });
    });

    upstreamReq.on("error", (error: NodeJS.ErrnoException) => {
      inFlight.delete(upstreamReq);
      if (responded || finished) return;
      finished = true;
      fallbackBind();
      exchange.requestDone();
      const reason = error.code ?? error.message;
      exchange.response((r) =>
        r.http("server-to-client", { status: 502, headers: { "content-type": "text/plain; charset=utf-8" } }),
      );
      if (!res.headersSent && !res.destroyed) {
        const text = `mcp-conf record: the upstream ${safeUrl(upstream)} cannot be reached (${reason})\n`;
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
        res.end(text);
      }
      req.resume();
    });

    res.on("close", () => {
      if (finished || res.writableFinished) return;
      // The client went away before the response ended: abort the upstream request and record it.
      finished = true;
      inFlight.delete(upstreamReq);
      upstreamReq.destroy();
      fallbackBind();
      exchange.requestDone();
      exchange.response((r) =>
        r.lifecycle("transport-abort", {
          direction: "client-to-server",
          meta: { reason: "the client closed the connection before the response ended" },
        }),
      );
    });
  });

  const host = options.listen?.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.listen?.port ?? 8080, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<HttpProxyStats> | undefined;

  return {
    url: `http://${urlHost}:${address.port}/`,
    port: address.port,
    host: address.address,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        for (const request of inFlight) request.destroy();
        await stopped;
        agent.destroy();
        const sessions = await router.closeAll();
        return { sessions, errors };
      })();
      return closing;
    },
  };
}

function observeJsonBody(exchange: ExchangeLog, copy: BodyCopy, contentType: string): void {
  const line = copy.line();
  if (!contentType.includes("json")) {
    // Not declared as JSON: record it only if it parses, so an HTML error page does not become a raw event.
    if (line.truncated) return;
    try {
      JSON.parse(line.bytes.toString("utf8"));
    } catch {
      return;
    }
  }
  exchange.response((r) => r.observeLine("server-to-client", line));
}
