import type { TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJudge } from "../../engine/judge.js";

const direction = fc.constantFrom("client-to-server" as const, "server-to-client" as const);
const transport = fc.constantFrom("stdio" as const, "streamable-http" as const);
const id = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom("a", "", null, 1.5, true), fc.object());
const method = fc.constantFrom(
  "initialize",
  "ping",
  "tools/call",
  "notifications/initialized",
  "notifications/cancelled",
  "x/y",
  "",
);
const meta = fc.dictionary(fc.constantFrom("progressToken", "a.b/c", "1x/", "/", "a..b/c", " ", "é/ü"), fc.jsonValue());
const payload = fc.oneof(
  fc.jsonValue(),
  fc.record(
    { jsonrpc: fc.constantFrom("2.0", "1.0"), id, method, params: fc.oneof(fc.object(), fc.record({ _meta: meta })) },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      jsonrpc: fc.constant("2.0"),
      id,
      result: fc.oneof(fc.jsonValue(), fc.record({ protocolVersion: fc.string(), capabilities: fc.object() })),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      jsonrpc: fc.constant("2.0"),
      id,
      error: fc.oneof(fc.jsonValue(), fc.record({ code: fc.jsonValue(), message: fc.jsonValue() })),
    },
    { requiredKeys: [] },
  ),
  fc.array(fc.record({ jsonrpc: fc.constant("2.0"), id, method })),
);
const headerName = fc.constantFrom(
  "accept",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "www-authenticate",
);
const headers = fc.dictionary(
  headerName,
  fc.oneof(fc.string(), fc.constantFrom('Bearer error="insufficient_scope"', "text/event-stream", "2025-11-25")),
);
const event = fc.oneof(
  fc.record({ direction, transport, kind: fc.constant("message" as const), payload }),
  fc.record(
    {
      direction,
      transport,
      kind: fc.constant("http" as const),
      headers,
      status: fc.constantFrom(200, 202, 401, 403, 404, 405),
      method: fc.constantFrom("POST", "GET", "DELETE"),
    },
    { requiredKeys: ["direction", "transport", "kind"] },
  ),
  fc.record(
    { direction, transport, kind: fc.constant("raw" as const), text: fc.string(), truncated: fc.boolean() },
    { requiredKeys: ["direction", "transport", "kind", "text"] },
  ),
);
const initialize = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
};
const initResult = {
  jsonrpc: "2.0",
  id: 0,
  result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } },
};

describe("the core checks on hostile traffic", () => {
  it("never throw and produce a report for any sequence of events after a handshake", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const all = [
          { direction: "client-to-server", transport: "stdio", kind: "message", payload: initialize },
          { direction: "server-to-client", transport: "stdio", kind: "message", payload: initResult },
          ...events,
        ].map((e, seq) => ({ ...e, seq }) as TraceEvent);
        const judge = createJudge({ revision: "2025-11-25" });
        for (const e of all) judge.observe(e);
        expect(judge.finish().revision).toBe("2025-11-25");
      }),
      { numRuns: 300 },
    );
  });
});
