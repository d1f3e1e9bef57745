/**
 * Sample events of every kind, for the package's tests (not exported from the package). One of each kind and
 * extension, so a test that loops over them covers the whole event model.
 */
import type { TraceEvent } from "../src/types.js";

export const SAMPLE_EVENTS: TraceEvent[] = [
  {
    seq: 0,
    direction: "client-to-server",
    transport: "stdio",
    kind: "lifecycle",
    ts: "2025-11-25T12:00:00.000Z",
    event: "transport-open",
    meta: {
      label: "everything",
      session: "everything-4242-0123456789ab",
      command: ["node", "server.js"],
      cwd: "/srv",
      recorder: { name: "mcp-conf", version: "0.1.0" },
    },
  },
  {
    seq: 1,
    direction: "client-to-server",
    transport: "stdio",
    kind: "message",
    payload: {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    },
  },
  { seq: 2, direction: "server-to-client", transport: "stdio", kind: "message", payload: [1, "two", null] },
  { seq: 3, direction: "server-to-client", transport: "stdio", kind: "message", payload: null },
  { seq: 4, direction: "server-to-client", transport: "stdio", kind: "stderr", text: "warn: \u001b[31mred\u001b[0m ✓" },
  { seq: 5, direction: "server-to-client", transport: "stdio", kind: "raw", text: "not json" },
  {
    seq: 6,
    direction: "server-to-client",
    transport: "stdio",
    kind: "raw",
    text: '{"jsonrpc":"2.0","id":1,"res',
    truncated: true,
    bytes: 5_000_000,
  },
  {
    seq: 8,
    direction: "client-to-server",
    transport: "streamable-http",
    kind: "http",
    method: "POST",
    path: "/mcp",
    headers: { "content-type": "application/json", "mcp-session-id": "abc" },
    exchange: 1,
  },
  {
    seq: 9,
    direction: "server-to-client",
    transport: "streamable-http",
    kind: "http",
    status: 202,
    redacted: true,
    exchange: 1,
  },
  {
    seq: 10,
    direction: "client-to-server",
    transport: "stdio",
    kind: "lifecycle",
    event: "transport-close",
    "x-extra": { kept: [1, 2.5, -0.001, "é\u2028"] },
  } as TraceEvent,
  { seq: 11, direction: "server-to-client", transport: "stdio", kind: "lifecycle", event: "transport-abort" },
];

/** A valid event line with the given seq, for building traces line by line. */
export function messageLine(seq: number, payload: unknown = { jsonrpc: "2.0", method: "ping", id: seq }): string {
  return JSON.stringify({ seq, direction: "client-to-server", transport: "stdio", kind: "message", payload });
}
