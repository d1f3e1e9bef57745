/**
 * 2026-07-28 sessions for the checks' unit tests: the `_meta` every request carries and a session opened with
 * server/discover, built with the TraceBuilder of @mcp-conf/testing (which speaks the 2025 handshake itself).
 */
import { TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";

export const MODERN = "2026-07-28";
export const SERVER_META = { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } };

/** A request's `_meta`: the version, the client's name and the capabilities it declares, plus `extra`. */
export function modernMeta(capabilities: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": capabilities,
    ...extra,
  };
}

/** A 2026 session opened with server/discover; the server declares `serverCapabilities`. */
export function discovered(
  clientCapabilities: Record<string, unknown>,
  serverCapabilities: Record<string, unknown> = { tools: {} },
): TraceBuilder {
  const s = new TraceBuilder({ revision: MODERN }).open();
  s.client({ jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: modernMeta(clientCapabilities) } });
  return s.server({
    jsonrpc: "2.0",
    id: "d",
    result: {
      resultType: "complete",
      _meta: SERVER_META,
      supportedVersions: [MODERN],
      capabilities: serverCapabilities,
      ttlMs: 0,
      cacheScope: "private",
    },
  });
}

/** One POST of a 2026 streamable-HTTP session: its request, the response's status and headers, and its answer. */
export interface ModernPost {
  id: string | number;
  method: string;
  params?: Record<string, unknown>;
  status?: number;
  headers?: Record<string, string>;
  /** The JSON-RPC answer in the response's body: a result (default), an error, or none (`null`). */
  answer?: Record<string, unknown> | null;
  /** Headers of the POST besides the routing ones (`mcp-name`, `mcp-param-*`). */
  requestHeaders?: Record<string, string>;
  /** Notifications on the response (an SSE stream) before the answer. */
  notifications?: Record<string, unknown>[];
}

/** A 2026 streamable-HTTP session of POSTs, as `mcp-conf record http` writes it: each POST, its body, its response. */
export function modernHttpSession(posts: readonly ModernPost[]): TraceEvent[] {
  const events: Record<string, unknown>[] = [
    { direction: "client-to-server", kind: "lifecycle", event: "transport-open" },
  ];
  for (const {
    id,
    method,
    params = {},
    status = 200,
    headers = {},
    answer,
    requestHeaders = {},
    notifications = [],
  } of posts) {
    const request = {
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...requestHeaders,
    };
    events.push({ direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: request });
    const payload = { jsonrpc: "2.0", id, method, params: { _meta: modernMeta({}), ...params } };
    events.push({ direction: "client-to-server", kind: "message", payload });
    events.push({
      direction: "server-to-client",
      kind: "http",
      status,
      headers: { "content-type": "application/json", ...headers },
    });
    for (const payload of notifications) events.push({ direction: "server-to-client", kind: "message", payload });
    const body = answer === undefined ? { result: { resultType: "complete", _meta: SERVER_META } } : answer;
    if (body !== null)
      events.push({ direction: "server-to-client", kind: "message", payload: { jsonrpc: "2.0", id, ...body } });
  }
  events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
  return events.map((event, seq) => ({ seq, transport: "streamable-http", ...event }) as unknown as TraceEvent);
}
