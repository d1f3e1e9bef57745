/**
 * Minimal 2026-07-28 sessions around the spec's own examples (spec/2026-07-28/schema/examples): the examples, and
 * the messages a session needs around them so that each is judged in context — a server/discover exchange first, a
 * request in flight for a notification or an error, a subscriptions/listen stream for a change notification.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { specDir } from "./registry-sources.js";

export const V = "2026-07-28";
export const EXAMPLES = join(specDir(V), "schema", "examples");

export type Json = Record<string, unknown>;
export interface Example {
  /** `<directory>/<file>`, as under schema/examples. */
  name: string;
  message: Json;
}

/** The examples of one directory (one schema type). */
export const examplesOf = (dir: string): Example[] =>
  readdirSync(join(EXAMPLES, dir)).map((file) => ({
    name: `${dir}/${file}`,
    message: JSON.parse(readFileSync(join(EXAMPLES, dir, file), "utf8")) as Json,
  }));

export const SERVER_INFO = { "io.modelcontextprotocol/serverInfo": { name: "spec-examples", version: "1" } };

/** The per-request `_meta` of a client that declares `capabilities`, with `extra` keys. */
export const meta = (extra: Json = {}, capabilities: Json = { elicitation: { form: {} } }): Json => ({
  "io.modelcontextprotocol/protocolVersion": V,
  "io.modelcontextprotocol/clientInfo": { name: "spec-examples", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": capabilities,
  ...extra,
});

/** A client request; params keep their own `_meta` keys over the defaults. */
export const request = (id: string | number, method: string, params: Json = {}, extra: Json = {}): Json => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { ...params, _meta: { ...meta(extra), ...((params._meta as Json | undefined) ?? {}) } },
});

/** A complete result naming the server. */
export const result = (id: string | number, fields: Json = {}): Json => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_INFO, ...fields },
});

export const error = (id: string | number | null, fields: Json): Json => ({ jsonrpc: "2.0", id, error: fields });
export const notification = (method: string, params: Json): Json => ({ jsonrpc: "2.0", method, params });

export const CACHE = { ttlMs: 0, cacheScope: "private" };

/** The server/discover exchange every session starts with: the server declares `capabilities`. */
export function discover(capabilities: Json = DEFAULT_CAPABILITIES, supportedVersions: string[] = [V]): Json[] {
  return [
    request("spec-examples-discover", "server/discover"),
    result("spec-examples-discover", { supportedVersions, capabilities, ...CACHE }),
  ];
}
export const DEFAULT_CAPABILITIES: Json = { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} };

/** A line on stdio that is no JSON-RPC message, from the client. */
export interface RawLine {
  raw: string;
}

/** A message the server sends that `stdioSession` would otherwise take for the client's. */
export interface FromServer {
  fromServer: Json;
}

/**
 * The server's end of a subscription on stdio: the listen result (Graceful Closure), then the notifications/cancelled
 * naming the listen request (cancellation.mdx: "A server MUST send notifications/cancelled referencing a
 * subscriptions/listen request ID when it tears down that subscription stream").
 */
export const serverTeardown = (id: string | number): FromServer => ({
  fromServer: notification("notifications/cancelled", { requestId: id, reason: "Server shutting down" }),
});

/** A stdio session of these messages (a message with a method is the client's, but a notification of the server's). */
export function stdioSession(messages: readonly (Json | RawLine | FromServer)[]): TraceEvent[] {
  const events: Json[] = [{ direction: "client-to-server", kind: "lifecycle", event: "transport-open" }];
  for (const item of messages) {
    if ("raw" in item && typeof item.raw === "string") {
      events.push({ direction: "client-to-server", kind: "raw", text: item.raw });
      continue;
    }
    if ("fromServer" in item) {
      events.push({ direction: "server-to-client", kind: "message", payload: item.fromServer });
      continue;
    }
    events.push({
      direction: fromClient(item as Json) ? "client-to-server" : "server-to-client",
      kind: "message",
      payload: item,
    });
  }
  events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
  return events.map((event, seq) => ({ seq, transport: "stdio", ...event }) as unknown as TraceEvent);
}

/** Client messages: requests, and the one notification a 2026-07-28 client sends. */
function fromClient(message: Json): boolean {
  if (typeof message.method !== "string") return false;
  return message.id !== undefined || message.method === "notifications/cancelled";
}

/** One POST of a streamable-HTTP session: the request, the headers it went with, the status and answer it drew. */
export interface Post {
  body: Json;
  headers?: Record<string, string>;
  status: number;
  answer: Json;
}

/** A streamable-HTTP session of POSTs, each with the routing headers its body calls for (overridden by `headers`). */
export function httpSession(posts: readonly Post[]): TraceEvent[] {
  const events: Json[] = [{ direction: "client-to-server", kind: "lifecycle", event: "transport-open" }];
  for (const { body, headers, status, answer } of posts) {
    const params = (body.params ?? {}) as Json;
    const name = body.method === "resources/read" ? params.uri : params.name;
    const routing: Record<string, string> = {
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      "mcp-protocol-version": V,
      "mcp-method": String(body.method),
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...headers,
    };
    events.push({ direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: routing });
    events.push({ direction: "client-to-server", kind: "message", payload: body });
    events.push({
      direction: "server-to-client",
      kind: "http",
      status,
      headers: { "content-type": "application/json" },
    });
    events.push({ direction: "server-to-client", kind: "message", payload: answer });
  }
  events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
  return events.map((event, seq) => ({ seq, transport: "streamable-http", ...event }) as unknown as TraceEvent);
}
