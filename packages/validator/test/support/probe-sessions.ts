/**
 * A probe session and the session it precedes, as a 2026-07-28 SDK client records them over stdio: the probe's
 * process answers one `server/discover`, the session's uses what it declared (a tools list change).
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { modernMeta, SERVER_META } from "./modern.js";

export const COMMAND = ["node", "server.js"];
const open = (ts: string, command = COMMAND): TraceEvent => ({
  seq: 0,
  direction: "client-to-server",
  transport: "stdio",
  kind: "lifecycle",
  event: "transport-open",
  ts,
  meta: { command, cwd: "/srv" },
});
const message = (seq: number, direction: TraceEvent["direction"], payload: unknown): TraceEvent =>
  ({ seq, direction, transport: "stdio", kind: "message", payload }) as TraceEvent;
const discovered = {
  jsonrpc: "2.0",
  id: "p",
  result: {
    resultType: "complete",
    supportedVersions: ["2026-07-28"],
    capabilities: { tools: {} },
    ttlMs: 0,
    cacheScope: "private",
    _meta: SERVER_META,
  },
};
export const probe = (ts: string, command = COMMAND) => [
  open(ts, command),
  message(1, "client-to-server", {
    jsonrpc: "2.0",
    id: "p",
    method: "server/discover",
    params: { _meta: modernMeta({}) },
  }),
  message(2, "server-to-client", discovered),
];
/** The session after the probe: a tools list change, which tools declared without listChanged does not allow. */
export const session = (ts: string, command = COMMAND) => [
  open(ts, command),
  message(1, "server-to-client", { jsonrpc: "2.0", method: "notifications/tools/list_changed" }),
  message(2, "client-to-server", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: modernMeta({}) } }),
  message(3, "server-to-client", {
    jsonrpc: "2.0",
    id: 1,
    result: { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private", _meta: SERVER_META },
  }),
];
