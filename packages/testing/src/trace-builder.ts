/**
 * The one way tests build a trace: events with consecutive seqs, written the way the recorder writes them, for a
 * session at a given revision (the handshake and the `MCP-Protocol-Version` header name it). Every method adds
 * events and returns the builder; `last` is the seq of the last event added and `lastId` the id of the last
 * request `ask` sent, so a test can point at what it built.
 */
import type { Direction, TraceEvent, Transport } from "@mcp-conf/trace-format";

/** The revision a builder speaks unless told otherwise. */
export const LATEST_REVISION = "2025-11-25";

export const C2S: Direction = "client-to-server";
export const S2C: Direction = "server-to-client";

type Body = Record<string, unknown>;

export interface TraceOptions {
  /** The protocol version the handshake negotiates and later HTTP requests carry. */
  revision?: string;
  transport?: Transport;
  /** Give every event a `ts`, 1 ms apart from 2026-11-30T06:00:00Z. */
  timestamps?: boolean;
  /** On streamable HTTP, put each message in the HTTP event that carried it (a POST, or a 200 response). */
  envelope?: boolean;
  /** The `mcp-session-id` the envelope's headers carry. */
  sessionId?: string;
}

export interface HandshakeOptions {
  /** The client's capabilities (default none). */
  client?: Body;
  /** The server's capabilities (default `{ tools: {} }`). */
  server?: Body;
  /** Over streamable HTTP: the handshake's POSTs and responses, with this session id when given. */
  http?: { session?: string };
}

export class TraceBuilder {
  readonly events: TraceEvent[] = [];
  readonly revision: string;
  readonly transport: Transport;
  private clockMs = Date.UTC(2026, 10, 30, 6, 0, 0);
  private nextId = 1;
  /** The id of the last request `ask` sent. */
  lastId = 0;

  constructor(private readonly options: TraceOptions = {}) {
    this.revision = options.revision ?? LATEST_REVISION;
    this.transport = options.transport ?? "stdio";
  }

  /** The seq of the last event added. */
  get last(): number {
    return this.events.length - 1;
  }

  /** Adds one event of any kind. */
  add(direction: Direction, kind: TraceEvent["kind"], body: Body = {}): this {
    const event: Body = { seq: this.events.length, direction, transport: this.transport };
    if (this.options.timestamps) event.ts = new Date(this.clockMs++).toISOString();
    this.events.push({ ...event, kind, ...body } as TraceEvent);
    return this;
  }

  open(meta?: Body): this {
    return this.add(C2S, "lifecycle", meta ? { event: "transport-open", meta } : { event: "transport-open" });
  }

  close(): this {
    return this.add(C2S, "lifecycle", { event: "transport-close" });
  }

  /** A message; with `envelope` on streamable HTTP, preceded by the HTTP event that carried it. */
  message(direction: Direction, payload: unknown): this {
    if (this.options.envelope && this.transport === "streamable-http") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (this.options.sessionId) headers["mcp-session-id"] = this.options.sessionId;
      if (direction === C2S) this.add(C2S, "http", { method: "POST", path: "/mcp", headers });
      else this.add(S2C, "http", { status: 200, headers });
    }
    return this.add(direction, "message", { payload });
  }

  client(payload: unknown): this {
    return this.message(C2S, payload);
  }

  server(payload: unknown): this {
    return this.message(S2C, payload);
  }

  request(id: unknown, method: string, params?: unknown, direction: Direction = C2S): this {
    return this.message(direction, request(id, method, params));
  }

  result(id: unknown, value: unknown = {}, direction: Direction = S2C): this {
    return this.message(direction, result(id, value));
  }

  error(id: unknown, code: unknown, message: unknown = "error", direction: Direction = S2C, data?: unknown): this {
    const error: Body = { code, message };
    if (data !== undefined) error.data = data;
    return this.message(direction, { jsonrpc: "2.0", id, error });
  }

  notify(method: string, params?: unknown, direction: Direction = C2S): this {
    return this.message(
      direction,
      params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params },
    );
  }

  /** The client's request with the next free id (1, 2, …); `lastId` names it. */
  ask(method: string, params?: unknown): this {
    this.lastId = this.nextId++;
    return this.request(this.lastId, method, params);
  }

  /** The server's result for the last request `ask` sent. */
  answer(value: unknown = {}): this {
    return this.result(this.lastId, value);
  }

  /** The server's error for the last request `ask` sent. */
  fail(code: number, message = "error"): this {
    return this.error(this.lastId, code, message);
  }

  raw(direction: Direction, text: string, extra: Body = {}): this {
    return this.add(direction, "raw", { text, ...extra });
  }

  stderr(text: string): this {
    return this.add(S2C, "stderr", { text });
  }

  /** A client HTTP request event: with a method, a request to `/mcp`; without, headers alone. */
  httpRequest(headers: Record<string, string>, method?: string): this {
    return this.add(C2S, "http", method === undefined ? { headers } : { method, path: "/mcp", headers });
  }

  httpResponse(status: number, headers?: Record<string, string>): this {
    return this.add(S2C, "http", headers ? { status, headers } : { status });
  }

  /** initialize (id 0) at the builder's revision, its result, notifications/initialized. */
  handshake(options: HandshakeOptions = {}): this {
    const init = request(0, "initialize", {
      protocolVersion: this.revision,
      capabilities: options.client ?? {},
      clientInfo: { name: "test-client", version: "1.0.0" },
    });
    const answer = result(0, {
      protocolVersion: this.revision,
      capabilities: options.server ?? { tools: {} },
      serverInfo: { name: "test-server", version: "1.0.0" },
    });
    const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
    if (!options.http) return this.client(init).server(answer).client(initialized);
    const session = options.http.session;
    this.httpRequest(ACCEPT_BOTH, "POST").client(init);
    this.httpResponse(200, session ? { ...SSE, "mcp-session-id": session } : SSE).server(answer);
    this.httpRequest(later(session, this.revision), "POST").client(initialized);
    return this.httpResponse(202);
  }
}

export const ACCEPT_BOTH = { accept: "application/json, text/event-stream", "content-type": "application/json" };
export const SSE = { "content-type": "text/event-stream" };
export const JSON_BODY = { "content-type": "application/json" };

/** Headers of a well-behaved HTTP request after initialization. */
export function later(session?: string, revision = LATEST_REVISION): Record<string, string> {
  const headers: Record<string, string> = { ...ACCEPT_BOTH, "mcp-protocol-version": revision };
  if (session) headers["mcp-session-id"] = session;
  return headers;
}

/** A JSON-RPC request payload (params left out when undefined). */
export function request(id: unknown, method: string, params?: unknown): Body {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

export function result(id: unknown, value: unknown = {}): Body {
  return { jsonrpc: "2.0", id, result: value };
}

export function error(id: unknown, code: unknown, message: unknown = "failed"): Body {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
