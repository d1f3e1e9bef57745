import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { modernMeta, SERVER_META } from "../../test/support/modern.js";
import { validate } from "./judge.js";
import { isProbeOf, isProbeSession, probeFacts } from "./probe.js";

const COMMAND = ["node", "server.js"];
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
const probe = (ts: string, command = COMMAND) => [
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
const session = (ts: string, command = COMMAND) => [
  open(ts, command),
  message(1, "server-to-client", { jsonrpc: "2.0", method: "notifications/tools/list_changed" }),
  message(2, "client-to-server", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: modernMeta({}) } }),
  message(3, "server-to-client", {
    jsonrpc: "2.0",
    id: 1,
    result: { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private", _meta: SERVER_META },
  }),
];

describe("a probe session linked to the session it precedes", () => {
  it("is a stdio session whose only requests are server/discover", () => {
    expect(isProbeSession(probe("2026-01-01T00:00:00Z"))).toBe(true);
    expect(isProbeSession(session("2026-01-01T00:00:01Z"))).toBe(false);
  });

  it("links by the same command, opened before the session and at most 30 s earlier", () => {
    const p = probe("2026-01-01T00:00:00Z");
    expect(isProbeOf(p, session("2026-01-01T00:00:01Z"))).toBe(true);
    expect(isProbeOf(p, session("2026-01-01T00:00:31Z"))).toBe(false);
    expect(isProbeOf(p, session("2025-12-31T23:59:59Z"))).toBe(false);
    expect(isProbeOf(p, session("2026-01-01T00:00:01Z", ["node", "other.js"]))).toBe(false);
  });

  it("gives the session the server's declaration: what it used without negotiating is judged", () => {
    const events = session("2026-01-01T00:00:01Z");
    const row = (report: ReturnType<typeof validate>) => report.requirements.find((r) => r.id === "PROM-013");
    expect(row(validate(events))?.outcome).toBe("not-observed");
    const linked = validate(events, { probe: probeFacts(probe("2026-01-01T00:00:00Z")) });
    expect(row(linked)?.outcome).toBe("warn");
  });
});
