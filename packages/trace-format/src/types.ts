/**
 * The trace event model: one JSON object per line of a trace. The core (message, http, lifecycle) is shared with
 * the mcp-conformance toolkit; raw, stderr and the optional fields marked below are mcp-conf's extensions.
 */

export const DIRECTIONS = ["client-to-server", "server-to-client"] as const;
/** `sse` (extension): the HTTP+SSE transport of 2024-11-05 — a GET event stream, messages POSTed to its endpoint. */
export const TRANSPORTS = ["stdio", "streamable-http", "sse"] as const;
export const EVENT_KINDS = ["message", "http", "lifecycle", "raw", "stderr"] as const;
export const LIFECYCLE_EVENTS = ["transport-open", "transport-close", "transport-abort"] as const;

export type Direction = (typeof DIRECTIONS)[number];
export type Transport = (typeof TRANSPORTS)[number];
export type EventKind = (typeof EVENT_KINDS)[number];
export type LifecycleName = (typeof LIFECYCLE_EVENTS)[number];

interface EventBase {
  /** Assigned by the recorder's single writer; strictly increasing within a file, gaps allowed. */
  seq: number;
  direction: Direction;
  transport: Transport;
  /** RFC 3339; informational only — no conformance check may read it. */
  ts?: string;
  /** Extension: the observed copy was changed by the user's redaction. */
  redacted?: boolean;
  /**
   * Extension (message and raw events): the bytes on the wire were not valid UTF-8; the payload or text holds them
   * decoded with U+FFFD for each invalid sequence.
   */
  invalidUtf8?: boolean;
}

/** A JSON value as received on the wire: an object for JSON-RPC, an array for a batch, anything else is invalid. */
export interface MessageEvent extends EventBase {
  kind: "message";
  payload: unknown;
}

/** An HTTP request (client-to-server) or response (server-to-client) of the streamable-HTTP or HTTP+SSE transport. */
export interface HttpEvent extends EventBase {
  kind: "http";
  /** Responses only. */
  status?: number;
  /** Lower-case names, verbatim values, allow-listed. */
  headers?: Record<string, string>;
  /** Extension, requests only: "POST", "GET", "DELETE", … */
  method?: string;
  /** Extension, requests only: the path without its query. */
  path?: string;
  /**
   * Extension, `sse` responses only: the path (without its query) that the stream's first `endpoint` event named,
   * as the server sent it; the response opened an HTTP+SSE session's stream.
   */
  endpoint?: string;
  /**
   * Extension (recorder 0.2): the HTTP exchange this request or response belongs to — a positive integer the recording
   * proxy gives each request it forwards, written on the request's event and on its response's. A response answers
   * the request with the same number. Absent in older traces, where readers infer the pairing.
   */
  exchange?: number;
  /**
   * Extension, responses only: the recording proxy made this response itself (502: the upstream could not be reached;
   * 508: the proxy is its own upstream), so neither peer sent it and the request it answers never reached the server.
   */
  proxy?: boolean;
}

/** Extension: what the recorder knows about the session, carried on `transport-open`. */
export interface SessionMeta {
  label?: string;
  session?: string;
  command?: string[];
  cwd?: string;
  upstream?: string;
  recorder?: { name: string; version: string };
  [key: string]: unknown;
}

export interface LifecycleEvent extends EventBase {
  kind: "lifecycle";
  event: LifecycleName;
  meta?: SessionMeta;
}

/** Extension: a non-JSON line on the protocol channel, or a message cut at --max-message-bytes. */
export interface RawEvent extends EventBase {
  kind: "raw";
  text: string;
  truncated?: boolean;
  /** The original length in bytes, when truncated. */
  bytes?: number;
  /** A truncated message's id, when its start held one (a request or a response). */
  id?: string | number;
  /** A truncated message's method, when its start held one (a request or a notification). */
  method?: string;
}

/** Extension: a line the server wrote to stderr (stdio). */
export interface StderrEvent extends EventBase {
  kind: "stderr";
  direction: "server-to-client";
  text: string;
}

export type TraceEvent = MessageEvent | HttpEvent | LifecycleEvent | RawEvent | StderrEvent;

/** An event before the writer has assigned its `seq`. */
export type TraceEventInput = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "seq"> : never) : never;
