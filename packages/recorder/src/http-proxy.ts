/**
 * The streamable-HTTP reverse proxy (and the 2024-11-05 HTTP+SSE transport, see `legacy-sse.ts`). Every request is forwarded to the upstream with its method, path (appended
 * to the upstream URL, whose own path is the proxy's root), headers (`Host` and `Origin` untouched; only
 * hop-by-hop headers dropped) and body, streamed both ways chunk by chunk; a response is streamed back the same
 * way, SSE included. A copy of each body feeds the observers: the request's JSON, then each SSE `data:` event or
 * the JSON body of the response. The upstream unreachable → 502 from the proxy, recorded; a client that drops a
 * response stream → the upstream request aborted, recorded. Each MCP session gets its own recorder (see
 * `http-sessions.ts`); each request is a `ProxiedRequest` (see `proxied-request.ts`).
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Transport } from "@mcp-conf/trace-format";
import { type SessionEnding, type SessionOpening, SessionRouter } from "./http-sessions.js";
import { SseEndpoints } from "./legacy-sse.js";
import { LoopGuard } from "./loop-guard.js";
import type { Redactor } from "./privacy/redact.js";
import { safeUrl } from "./privacy/session-facts.js";
import { ProxiedRequest, type ProxyContext } from "./proxied-request.js";
import { createRecorder, DEFAULT_MAX_MESSAGE_BYTES, type Recorder, type RecorderStats } from "./recorder.js";
import type { QueueLimits, Sink } from "./sink.js";

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
  /**
   * Headers the proxy sets on every request it sends upstream, replacing any the client sent by those names: the
   * credentials of a wrapped entry, held here so the client sends none to the proxy's loopback port. Never recorded.
   */
  upstreamHeaders?: Readonly<Record<string, string>>;
  /** Who the proxy's own answers (502, 508) say they come from. Default `mcp-conf record`. */
  name?: string;
  /** Problems met while running (a session whose trace could not be opened). */
  onError?: (message: string) => void;
  /** A session's recorder was created. */
  onSession?: (opening: SessionOpening, recorder: Recorder) => void;
  /**
   * A session ended — a DELETE, its client dropping its GET stream, the idle timeout, the proxy stopping — and its
   * trace is complete: called once per session. `close()` waits for the promise it returns.
   */
  onSessionEnd?: (ending: SessionEnding) => void | Promise<void>;
  /**
   * End a session after this many ms with no client request of it in flight or begun and no GET stream of it open (a
   * client that went away without a DELETE; a live stream is activity). Default 10 minutes (`DEFAULT_SESSION_IDLE_MS`); 0 never.
   */
  sessionIdleMs?: number;
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

/** How long a kept-alive upstream connection may sit idle before the proxy closes it. */
const UPSTREAM_IDLE_MS = 1_000;
/** Upstream connections that requests (every method but GET) share at most; past it they queue. */
const MAX_UPSTREAM_REQUESTS = 128;
/** How long a client's kept-alive connection to the proxy may sit idle before the proxy closes it. */
const CLIENT_IDLE_MS = 65_000;

/** Starts the proxy; resolves once it listens. Rejects if it cannot listen (the address is in use, …). */
export async function startHttpProxy(options: HttpProxyOptions): Promise<HttpProxy> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== "http:" && upstream.protocol !== "https:") {
    throw new Error(`the upstream must be an http:// or https:// URL, not ${upstream.protocol}`);
  }
  const client = upstream.protocol === "https:" ? https : http;
  const agentOptions = {
    keepAlive: true,
    // A kept-alive connection idle this long is closed by us, before common servers close theirs (Node's 5 s, …).
    timeout: UPSTREAM_IDLE_MS,
    // Connections kept for reuse; a burst of sessions beyond this closes the rest after use (each then waits out
    // TIME_WAIT on a port of ours), so it is sized for a gateway's hundreds of sessions.
    maxFreeSockets: 1024,
  };
  // Requests share a bounded number of upstream connections: past it they wait their turn (backpressure) rather than
  // open ever more connections and fail. A session's GET stream holds its connection for the session's life, so
  // streams have connections of their own, unbounded, and never starve the requests.
  const agent = new client.Agent({ ...agentOptions, maxSockets: MAX_UPSTREAM_REQUESTS });
  const streams = new client.Agent(agentOptions);
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const errors: string[] = [];
  const noteError = (message: string) => {
    if (errors.length < 100) errors.push(message);
    options.onError?.(message);
  };
  const label = options.label ?? (upstream.host.replace(/[^A-Za-z0-9.-]/g, "-") || "http");

  const router = new SessionRouter(
    (opening) => {
      const transport: Transport = opening.transport ?? "streamable-http";
      const base = {
        transport,
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
    },
    {
      ...(options.sessionIdleMs === undefined ? {} : { idleMs: options.sessionIdleMs }),
      discard: createRecorder({ transport: "streamable-http", sink: [], open: false, timestamps: false }),
      ...(options.onSessionEnd ? { onEnd: options.onSessionEnd } : {}),
    },
  );

  const loops = new LoopGuard();
  const endpoints = new SseEndpoints(upstream, noteError);
  const name = options.name ?? "mcp-conf record";
  const context: ProxyContext = {
    name,
    upstream,
    client,
    agent,
    streams,
    maxBytes,
    router,
    endpoints,
    inFlight: new Set(),
    loops,
    carrying: new WeakMap(),
    upstreamHeaders: options.upstreamHeaders,
  };
  const server = http.createServer((req, res) => {
    const own = loops.ownSocket(req.socket);
    if (own) {
      // Our own request came back: the exchange that sent it records the 508 it gets as the proxy's own.
      context.carrying.get(own)?.markLooped();
      req.resume();
      loops.refuse(res, safeUrl(upstream), name);
    } else new ProxiedRequest(context, req, res);
  });
  // Clients keep their connections to us open between requests; a server that closes an idle one just as a client
  // reuses it fails that request (the client's own keep-alive race). Node's default is 5 s; proxies' is longer.
  server.keepAliveTimeout = CLIENT_IDLE_MS;
  server.headersTimeout = CLIENT_IDLE_MS + 1_000;

  const host = options.listen?.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // A gateway's clients connect in bursts: a deep accept queue keeps a burst from being refused or retried.
    server.listen({ port: options.listen?.port ?? 8080, host, backlog: 4096 }, () => {
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
        for (const request of [...context.inFlight]) request.stop();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
        agent.destroy();
        streams.destroy();
        const sessions = await router.closeAll();
        return { sessions, errors };
      })();
      return closing;
    },
  };
}
