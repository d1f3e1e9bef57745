/**
 * Properties of the mapper over hostile sessions: JSON-RPC-shaped messages with arbitrary methods, ids, names, URIs,
 * trace context, results and errors (strings with control characters, lone surrogates, megabyte names), HTTP
 * events with arbitrary headers, and events without `ts`. Whatever arrives, mapping never throws, the OTLP JSON is
 * strictly valid, every span has a fresh id, and a secret planted in every payload never reaches a byte.
 */

import { SECRET, strictOtlpProblems } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { derivedIds } from "./ids.js";
import { createSpanMapper } from "./mapper.js";
import { encodeOtlpJson } from "./otlp-json.js";

const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("get_weather", "\u001b[31mred", "\ud800lone", "a\u202eb", "", " ", "x".repeat(5000)),
);
const method = fc.oneof(
  fc.constantFrom(
    "initialize",
    "notifications/initialized",
    "tools/call",
    "prompts/get",
    "resources/read",
    "resources/subscribe",
    "notifications/resources/updated",
    "notifications/progress",
    "ping",
  ),
  hostileText,
);
const id = fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constantFrom("a", "1", "", null, 1.5), hostileText);
const uri = fc.oneof(
  hostileText,
  fc.constantFrom(`https://u:${SECRET}@h.example/p?sig=${SECRET}#${SECRET}`, `file:///x?${SECRET}`, "urn:a"),
);
const traceparent = fc.oneof(
  hostileText,
  fc.constantFrom(
    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-x",
    "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
  ),
);
const params = fc.record(
  {
    name: fc.oneof(hostileText, fc.integer()),
    uri,
    arguments: fc.constant({ secret: SECRET, nested: [SECRET] }),
    protocolVersion: fc.constantFrom("2025-11-25", "2025-06-18", 7),
    _meta: fc.record({ traceparent, tracestate: hostileText }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const message = fc.oneof(
  fc.record({ jsonrpc: fc.constantFrom("2.0", "1.0", 2), id, method, params }, { requiredKeys: ["method"] }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id,
    result: fc.record(
      {
        isError: fc.oneof(fc.boolean(), fc.constant("true")),
        content: fc.constant([{ type: "text", text: SECRET }]),
        protocolVersion: fc.constantFrom("2025-11-25", "x"),
        capabilities: fc.constant({ tools: {} }),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id,
    error: fc.record(
      { code: fc.oneof(fc.integer(), fc.double(), fc.constant("x")), message: fc.constant(SECRET) },
      { requiredKeys: [] },
    ),
  }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** An event body without seq, direction, transport and ts (the session adds those). */
const event: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("message"),
      payload: fc.oneof(message, fc.array(message, { maxLength: 3 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("http"),
      headers: fc.record({ "mcp-session-id": hostileText }, { requiredKeys: [] }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("lifecycle"),
      event: fc.constant("transport-open"),
      meta: fc.record({ upstream: fc.oneof(hostileText, fc.constant("http://[::1]:3000/mcp")) }),
    }),
  },
) as fc.Arbitrary<Record<string, unknown>>;

const session = fc
  .array(
    fc.tuple(
      event,
      fc.constantFrom("client-to-server", "server-to-client"),
      fc.constantFrom("stdio", "streamable-http"),
      fc.option(fc.constantFrom("2026-11-30T06:00:00.123456789Z", "garbage", "2026-11-30T06:00:00+02:00"), {
        nil: undefined,
      }),
    ),
    { maxLength: 30 },
  )
  .map((items) =>
    items.map(([body, direction, transport, ts], seq) => {
      const e = { ...body, seq, direction, transport } as Record<string, unknown>;
      if (ts !== undefined) e.ts = ts;
      return e as unknown as TraceEvent;
    }),
  );

describe("the mapper over hostile sessions", () => {
  it("never throws, encodes strictly valid OTLP JSON with unique span ids, and never exports a payload", () => {
    fc.assert(
      fc.property(session, (events) => {
        const mapper = createSpanMapper({ ids: derivedIds("property") });
        for (const e of events) mapper.observe(e);
        mapper.finish();
        mapper.addFindings([
          {
            requirementId: "BASE-001",
            level: "MUST",
            outcome: "fail",
            revision: "2025-11-25",
            specUrl: "https://example.test/spec",
            check: "base.x",
            detail: `quoted "https://h.example/x?sig=${SECRET}"`,
            seq: events.length > 0 ? events.length - 1 : 0,
          },
        ]);
        const spans = mapper.release();
        const json = encodeOtlpJson(spans);
        expect(strictOtlpProblems(JSON.parse(json))).toEqual([]);
        expect(json).not.toContain(SECRET);
        expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
        for (const span of spans) expect(span.endNanos >= span.startNanos).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
