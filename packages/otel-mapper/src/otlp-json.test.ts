import { acceptanceSession, strictOtlpProblems } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { derivedIds } from "./ids.js";
import { createSpanMapper } from "./mapper.js";
import { encodeOtlpJson } from "./otlp-json.js";

function encodedAcceptanceSession() {
  const { events, seqs } = acceptanceSession("streamable-http");
  const mapper = createSpanMapper({ ids: derivedIds("json") });
  for (const e of events) mapper.observe(e);
  mapper.finish();
  mapper.addFindings([
    {
      requirementId: "TOOL-006",
      level: "SHOULD",
      outcome: "warn",
      revision: "2025-11-25",
      specUrl: "https://example.test/spec",
      check: "tool.name-charset",
      detail: "d",
      seq: seqs.toolOk,
    },
  ]);
  return JSON.parse(encodeOtlpJson(mapper.release(), { serviceName: "svc" })) as {
    resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
  };
}

describe("OTLP JSON", () => {
  it("is strictly valid against the official opentelemetry-proto definitions", () => {
    expect(strictOtlpProblems(encodedAcceptanceSession())).toEqual([]);
  });

  it("writes times and integer attributes as decimal strings, the kind as the integer 3, ids as hex", () => {
    const spans = encodedAcceptanceSession().resourceSpans[0]!.scopeSpans[0]!.spans;
    const call = spans.find((s) => s.name === "tools/call get_weather")!;
    expect(call.kind).toBe(3);
    expect(call.startTimeUnixNano).toMatch(/^\d+$/);
    expect(call.attributes).toContainEqual({ key: "server.port", value: { intValue: "3999" } });
    expect(call.parentSpanId).toBe("00f067aa0ba902b7");
    expect(call.flags).toBe(0x301);
    expect(call.traceState).toBe("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE");
    const event = (call.events as { attributes: { key: string; value: unknown }[] }[])[0]!;
    expect(event.attributes).toContainEqual({
      key: "mcp_conformance.trace.seq",
      value: { intValue: expect.any(String) },
    });
  });

  it("the strict check catches what a lenient decoder lets through", () => {
    const body = encodedAcceptanceSession();
    const span = body.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    span.startTimeUnixNano = 1;
    span.kind = "SPAN_KIND_CLIENT";
    span.spanId = "ABCDEF0123456789";
    span.surprise = true;
    (span.attributes as unknown[]).push({ key: "x", value: { intValue: 5, stringValue: "5" } });
    const problems = strictOtlpProblems(body).join("\n");
    expect(problems).toMatch(/startTimeUnixNano: fixed64 must be a decimal string/);
    expect(problems).toMatch(/kind: enum must be an integer/);
    expect(problems).toMatch(/spanId: expected 16 lower-case hex/);
    expect(problems).toMatch(/surprise: unknown field/);
    expect(problems).toMatch(/intValue: int64 must be a decimal string/);
    expect(problems).toMatch(/both intValue and stringValue/);
  });
});
