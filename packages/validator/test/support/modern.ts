/**
 * 2026-07-28 sessions for the checks' unit tests: the `_meta` every request carries and a session opened with
 * server/discover, built with the TraceBuilder of @mcp-conf/testing (which speaks the 2025 handshake itself).
 */
import { TraceBuilder } from "@mcp-conf/testing";

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
