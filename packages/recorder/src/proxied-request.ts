/**
 * One client request through the HTTP proxy, from its first byte to the end of its response: the request streamed
 * to the upstream, the response streamed back, a copy of each body for the session's recorder. It ends once —
 * answered, broken off by either side, or refused with 502 when the upstream cannot be reached — and each way of
 * ending is one method below. A request that went out on a kept-alive connection the upstream had already closed
 * (reset before any byte of an answer) is sent again, once, on a fresh connection: the upstream closed that
 * connection without reading it, so it never reached the server. A response the proxy makes itself (the 502; a 508
 * that came back because the proxy is its own upstream) is recorded with `proxy: true`. Split from
 * `http-proxy.ts`, which owns what every request shares (the server, the upstream agent, the sessions).
 */
import type http from "node:http";
import type https from "node:https";
import type { Socket } from "node:net";
import { BodyCopy, forwardable, headerValue, mapToUpstream, withHeldHeaders } from "./http-forwarding.js";
import { ExchangeLog, type SessionRouter } from "./http-sessions.js";
import { type SseEndpoints, type StreamBytes, StreamOpening } from "./legacy-sse.js";
import type { LoopGuard } from "./loop-guard.js";
import { safeUrl } from "./privacy/session-facts.js";
import type { Recorder } from "./recorder.js";
import { SseDataParser } from "./sse.js";

/** What every request through one proxy shares. */
export interface ProxyContext {
  /** Who the proxy's own answers say they come from (`mcp-conf record`, `mcp-conf watch`). */
  name: string;
  upstream: URL;
  client: typeof http | typeof https;
  /** Connections for requests (bounded; past the bound they queue). */
  agent: http.Agent;
  /** Connections for GET streams, which stay open for a session's life (unbounded). */
  streams: http.Agent;
  maxBytes: number;
  router: SessionRouter;
  /** The endpoints of live HTTP+SSE streams (2024-11-05). */
  endpoints: SseEndpoints;
  /** Exchanges not yet ended, so closing the proxy can record and abort them. */
  inFlight: Set<ProxiedRequest>;
  /** Knows the proxy's own upstream connections, so a request arriving on one is refused as a loop. */
  loops: LoopGuard;
  /** The exchange each upstream connection carries now, so a looped request's 508 is known for the proxy's own. */
  carrying: WeakMap<Socket, ProxiedRequest>;
  /** Headers set on every request sent upstream, replacing the client's by those names (never recorded). */
  upstreamHeaders?: Readonly<Record<string, string>> | undefined;
}

const INITIALIZE = /"method"\s*:\s*"initialize"/;
/** How a kept-alive connection the upstream had closed fails a request sent on it before any answer came. */
const STALE_CONNECTION = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/** The last HTTP exchange number given: each request this process forwards gets the next (see `exchange` below). */
let lastExchange = 0;

export class ProxiedRequest {
  private readonly exchange: ExchangeLog;
  /** Written on the request's event and its response's: which response answers which request (the HTTP pairing). */
  private readonly number = ++lastExchange;
  /** The session whose in-flight count this request holds (every request but a GET stream). */
  private counted: Recorder | undefined;
  private readonly body: BodyCopy;
  private upstreamReq: http.ClientRequest;
  private readonly method: string;
  /** Sent again on a fresh connection (at most once). */
  private retried = false;
  /** The request came back to this proxy (a loop): the 508 it gets is the proxy's own. */
  private looped = false;
  private readonly target: URL;
  /** The session the client named in its request, if any. */
  private readonly requestSession: string | undefined;
  /** The upstream's response has begun. */
  private responded = false;
  /** The exchange has ended: the response completed, or either side broke it off, or it was refused. */
  private finished = false;
  /** The client's request body has been read to its end. */
  private requestEnd = false;

  constructor(
    private readonly proxy: ProxyContext,
    private readonly req: http.IncomingMessage,
    private readonly res: http.ServerResponse,
  ) {
    res.sendDate = false; // the upstream's Date, not ours
    this.method = req.method ?? "GET";
    this.exchange = new ExchangeLog((recorder) => {
      if (this.finished) return;
      this.counted = recorder;
      proxy.router.begin(recorder, this.method === "GET");
    });
    this.requestSession = headerValue(req.headers, "mcp-session-id");
    if (this.requestSession !== undefined) this.exchange.bind(proxy.router.forSession(this.requestSession));
    const target = proxy.endpoints.target(req.url ?? "/") ?? mapToUpstream(proxy.upstream, req.url ?? "/");
    this.target = target;
    const sseSession = this.method === "POST" ? proxy.endpoints.sessionFor(target) : undefined;
    if (sseSession !== undefined) this.exchange.bind(sseSession);
    this.body = new BodyCopy(proxy.maxBytes);
    this.exchange.request((r) =>
      r.http("client-to-server", {
        method: this.method,
        path: target.pathname,
        headers: req.rawHeaders,
        exchange: this.number,
      }),
    );

    this.upstreamReq = this.send(this.method === "GET" ? proxy.streams : proxy.agent);
    proxy.inFlight.add(this);

    req.on("data", (chunk: Buffer) => this.requestChunk(chunk));
    req.on("end", () => this.requestEnded());
    res.on("close", () => this.clientClosed());
  }

  /** The upstream request, on the agent's connections (or, `false`, a fresh connection of its own). */
  private send(agent: http.Agent | false): http.ClientRequest {
    const { proxy } = this;
    const upstreamReq = proxy.client.request(this.target, {
      method: this.method,
      headers: withHeldHeaders(forwardable(this.req.rawHeaders), proxy.upstreamHeaders),
      agent,
    });
    proxy.loops.track(upstreamReq);
    upstreamReq.on("socket", (socket: Socket) => proxy.carrying.set(socket, this));
    upstreamReq.on("response", (upstreamRes) => this.responseStarted(upstreamRes));
    upstreamReq.on("error", (error: NodeJS.ErrnoException) => {
      if (upstreamReq === this.upstreamReq) this.upstreamFailed(error);
    });
    return upstreamReq;
  }

  /** This exchange's upstream request arrived back at this proxy and was refused there as a loop. */
  markLooped(): void {
    this.looped = true;
  }

  private requestChunk(chunk: Buffer): void {
    const upstreamReq = this.upstreamReq;
    if (!upstreamReq.write(chunk)) {
      this.req.pause();
      upstreamReq.once("drain", () => this.req.resume());
    }
    this.body.push(chunk); // forwarded first, then copied for the observer
  }

  private requestEnded(): void {
    this.requestEnd = true;
    this.upstreamReq.end(); // forwarded first, then observed
    this.observeRequestBody();
    this.exchange.requestDone();
  }

  private observeRequestBody(): void {
    if (this.body.length === 0) return;
    const line = this.body.line();
    this.exchange.request((r) => r.observeLine("client-to-server", line));
  }

  private responseStarted(upstreamRes: http.IncomingMessage): void {
    const { exchange, res, proxy } = this;
    this.responded = true;
    const status = upstreamRes.statusCode ?? 502;
    const responseSession = headerValue(upstreamRes.headers, "mcp-session-id");
    const contentType = (headerValue(upstreamRes.headers, "content-type") ?? "").toLowerCase();
    const isSse = contentType.startsWith("text/event-stream");
    // A GET stream outside any MCP session may be an HTTP+SSE stream: its first event decides (legacy-sse.ts).
    const opening =
      isSse && this.method === "GET" && status === 200 && !exchange.bound && responseSession === undefined
        ? this.streamOpening(upstreamRes)
        : undefined;
    if (opening) {
      // bound and recorded once its first event says which transport it is
    } else if (!exchange.bound) {
      exchange.bind(
        responseSession !== undefined
          ? proxy.router.forSession(responseSession)
          : proxy.router.stateless(INITIALIZE.test(this.body.line().bytes.toString("utf8"))),
      );
    }
    const proxyMade = this.looped ? { proxy: true } : {};
    if (!opening) {
      exchange.response((r) =>
        r.http("server-to-client", { status, headers: upstreamRes.rawHeaders, ...proxyMade, exchange: this.number }),
      );
    }
    const sse = isSse
      ? new SseDataParser((line) => exchange.response((r) => r.observeLine("server-to-client", line)), proxy.maxBytes)
      : undefined;
    const copy = isSse ? undefined : new BodyCopy(proxy.maxBytes);

    res.writeHead(status, upstreamRes.statusMessage, forwardable(upstreamRes.rawHeaders));
    // A stream's headers go out with its first chunk when that came in the same read (one write, not two),
    // else at the end of this turn of the loop, so a client waiting on an idle stream still gets them at once.
    if (isSse) setImmediate(() => res.headersSent || res.destroyed || res.flushHeaders());
    // Each chunk is forwarded first and observed after; the response is ended before its body is recorded.
    upstreamRes.on("data", (chunk: Buffer) => {
      const { forward, observe }: StreamBytes = opening ? opening.push(chunk) : { forward: chunk, observe: chunk };
      if (forward.length > 0) {
        if (!res.write(forward)) {
          upstreamRes.pause();
          res.once("drain", () => upstreamRes.resume());
        }
        // node holds a response's writes (it corks the socket) until this turn's end: send them before observing.
        res.uncork();
      }
      if (sse) sse.push(observe);
      else copy!.push(observe);
    });
    upstreamRes.on("end", () => {
      if (opening) {
        const { forward, observe } = opening.end();
        if (forward.length > 0) res.write(forward);
        sse!.push(observe);
      }
      this.end();
      res.end();
      if (sse) sse.end();
      else if (copy!.length > 0) observeJsonBody(exchange, copy!, contentType);
      if (this.method === "DELETE" && status >= 200 && status < 300 && this.requestSession !== undefined) {
        proxy.router.end(this.requestSession, "delete");
      }
    });
    upstreamRes.on("error", () => this.upstreamBrokeOff());
  }

  /** A GET event stream that an `endpoint` event may open as an HTTP+SSE session; bound once that is known. */
  private streamOpening(upstreamRes: http.IncomingMessage): StreamOpening {
    const { exchange, proxy } = this;
    const status = upstreamRes.statusCode ?? 200;
    return new StreamOpening({
      endpoint: (data) => {
        const recorder = proxy.router.sse();
        exchange.bind(recorder);
        const announced = proxy.endpoints.announce(data, this.target, this.req.url ?? "/", recorder);
        exchange.response((r) =>
          r.http("server-to-client", {
            status,
            headers: upstreamRes.rawHeaders,
            endpoint: announced.path,
            exchange: this.number,
          }),
        );
        // One session per stream: it ends when the stream does, however it ends, once the stream's events are in.
        this.res.once("close", () => {
          proxy.endpoints.forget(recorder);
          proxy.router.end(recorder.session, "close");
        });
        return announced.rewritten;
      },
      other: () => {
        this.bindStateless();
        exchange.response((r) =>
          r.http("server-to-client", { status, headers: upstreamRes.rawHeaders, exchange: this.number }),
        );
      },
    });
  }

  /** The upstream dropped the response mid-stream: pass the break on to the client. */
  private upstreamBrokeOff(): void {
    if (this.finished) return;
    this.end();
    this.exchange.requestDone();
    this.exchange.response((r) =>
      r.lifecycle("transport-abort", {
        direction: "server-to-client",
        meta: { reason: "the upstream broke off the response" },
      }),
    );
    this.res.destroy();
  }

  /**
   * The upstream request failed. Before any answer, on a kept-alive connection the upstream had closed (a reset), the
   * request never reached the server: it is sent again on a fresh connection, once, if its body is still at hand.
   * Otherwise the upstream could not be reached (or failed before answering): answer 502 ourselves, and record it.
   */
  private upstreamFailed(error: NodeJS.ErrnoException): void {
    if (this.canRetry(error)) {
      this.retried = true;
      const stale = this.upstreamReq;
      this.upstreamReq = this.send(false);
      stale.destroy();
      // What was forwarded so far goes again; the rest follows as it comes.
      const sent = this.body.line().bytes;
      if (sent.length > 0) this.upstreamReq.write(sent);
      if (this.requestEnd) this.upstreamReq.end();
      this.req.resume();
      return;
    }
    this.upstreamUnreachable(error);
  }

  private canRetry(error: NodeJS.ErrnoException): boolean {
    return (
      !this.retried &&
      !this.responded &&
      !this.finished &&
      this.upstreamReq.reusedSocket &&
      STALE_CONNECTION.has(error.code ?? "") &&
      this.body.whole &&
      !this.res.destroyed
    );
  }

  /** The upstream could not be reached (or failed before answering): answer 502 ourselves, and record it. */
  private upstreamUnreachable(error: NodeJS.ErrnoException): void {
    this.proxy.inFlight.delete(this);
    if (this.responded || this.finished) return;
    this.end();
    this.bindStateless();
    this.exchange.requestDone();
    const reason = error.code ?? error.message;
    this.exchange.response((r) =>
      r.http("server-to-client", {
        status: 502,
        headers: { "content-type": "text/plain; charset=utf-8" },
        proxy: true,
        exchange: this.number,
      }),
    );
    const { res } = this;
    if (!res.headersSent && !res.destroyed) {
      const text = `${this.proxy.name}: the upstream ${safeUrl(this.proxy.upstream)} cannot be reached (${reason})\n`;
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
      res.end(text);
    }
    this.req.resume();
  }

  /**
   * The client went away before the response ended: abort the upstream request and record it. A client dropping an
   * MCP session's GET stream closes that session's transport: the session ends (http-sessions.ts).
   */
  private clientClosed(): void {
    if (this.finished || this.res.writableFinished) return;
    this.end();
    this.upstreamReq.destroy();
    this.bindStateless();
    this.exchange.requestDone();
    this.exchange.response((r) =>
      r.lifecycle("transport-abort", {
        direction: "client-to-server",
        meta: { reason: "the client closed the connection before the response ended" },
      }),
    );
    const recorder = this.exchange.recorder;
    if (this.method === "GET" && this.responded && recorder?.transport === "streamable-http" && this.requestSession) {
      this.proxy.router.streamClosed(recorder);
    }
  }

  /**
   * The proxy is stopping with this exchange open (a server still working on `initialize`, then Ctrl-C): record
   * what was seen and the abort now, in the session it belongs to or a sessionless one, so it reaches the trace.
   */
  stop(): void {
    if (this.finished) return;
    this.end();
    if (!this.requestEnd) this.observeRequestBody();
    this.bindStateless();
    this.exchange.requestDone();
    this.exchange.response((r) =>
      r.lifecycle("transport-abort", {
        direction: this.responded ? "server-to-client" : "client-to-server",
        meta: { reason: "the proxy stopped before the response ended" },
      }),
    );
    this.upstreamReq.destroy();
  }

  private end(): void {
    this.finished = true;
    this.proxy.inFlight.delete(this);
    if (this.counted) this.proxy.router.done(this.counted, this.method === "GET");
    this.counted = undefined;
  }

  /** An exchange that never learnt its session is recorded in the stateless one. */
  private bindStateless(): void {
    if (!this.exchange.bound) this.exchange.bind(this.proxy.router.stateless(false));
  }
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
