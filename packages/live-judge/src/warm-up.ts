/**
 * A few canned exchanges the judge's thread validates once at start, before the session's first event arrives:
 * the engine, the common checks and their schema validators get compiled then, so the first real pass is not a
 * cold one (whose long duration would also stretch the pacing pause after it).
 */
import type { TraceEvent } from "@mcp-conf/trace-format";

const c2s = { direction: "client-to-server", transport: "stdio", kind: "message" } as const;
const s2c = { direction: "server-to-client", transport: "stdio", kind: "message" } as const;

export function warmUpSession(): TraceEvent[] {
  const payloads: Array<[typeof c2s | typeof s2c, unknown]> = [
    [
      c2s,
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "warm-up", version: "1" } },
      },
    ],
    [
      s2c,
      {
        jsonrpc: "2.0",
        id: 0,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} },
          serverInfo: { name: "warm-up", version: "1" },
        },
      },
    ],
    [c2s, { jsonrpc: "2.0", method: "notifications/initialized" }],
    [c2s, { jsonrpc: "2.0", id: 1, method: "tools/list" }],
    [s2c, { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "echo", inputSchema: { type: "object" } }] } }],
    [c2s, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", _meta: { progressToken: 1 } } }],
    [s2c, { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }],
    [s2c, { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "warm" } }],
    [s2c, { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "warm" }] } }],
    [c2s, { jsonrpc: "2.0", id: 3, method: "resources/read", params: { uri: "file:///warm" } }],
    [s2c, { jsonrpc: "2.0", id: 3, result: { contents: [{ uri: "file:///warm", text: "warm" }] } }],
    [c2s, { jsonrpc: "2.0", id: 4, method: "ping" }],
    [s2c, { jsonrpc: "2.0", id: 4, result: {} }],
  ];
  return payloads.map(([base, payload], seq) => ({ seq, ...base, payload }) as TraceEvent);
}
