import { readFileSync } from "node:fs";
import {
  ACCEPTANCE_SPAN_NAMES,
  acceptanceSession,
  CALLER_TRACEPARENT,
  CALLER_TRACESTATE,
  recordedSession,
  SECRET,
} from "@mcp-conf/testing";
import { readTraceSync } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import type { SpanFinding } from "./findings.js";
import { derivedIds, randomIds } from "./ids.js";
import { createSpanMapper } from "./mapper.js";
import type { MappedSpan } from "./span.js";

function mapAll(events: Iterable<Parameters<ReturnType<typeof createSpanMapper>["observe"]>[0]>) {
  const mapper = createSpanMapper({ ids: derivedIds("test") });
  for (const e of events) mapper.observe(e);
  mapper.finish();
  return { mapper, spans: mapper.release() };
}

const byName = (spans: MappedSpan[], name: string) => {
  const found = spans.filter((s) => s.name === name);
  expect(found, `one span named ${name}`).toHaveLength(1);
  return found[0]!;
};

const finding = (seq: number | undefined, id = "TOOL-006"): SpanFinding => {
  const f: SpanFinding = {
    requirementId: id,
    level: "SHOULD",
    outcome: "warn",
    revision: "2025-11-25",
    specUrl: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
    check: "tool.name-charset",
    detail: `finding at ${seq}`,
  };
  if (seq !== undefined) f.seq = seq;
  return f;
};

describe("span per exchange", () => {
  it("makes one CLIENT span per request, notification and unanswered request, in completion order", () => {
    const { spans } = mapAll(acceptanceSession().events);
    expect(spans.map((s) => s.name)).toEqual(ACCEPTANCE_SPAN_NAMES);
    expect(new Set(spans.map((s) => s.kind))).toEqual(new Set(["client"]));
  });

  it("names a tool call after its tool and sets the execute_tool attributes", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "tools/call get_weather");
    expect(span.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "jsonrpc.request.id": "1",
      "gen_ai.tool.name": "get_weather",
      "gen_ai.operation.name": "execute_tool",
      "mcp.protocol.version": "2025-11-25",
      "network.transport": "pipe",
    });
    expect(span.status).toEqual({ code: "unset" });
    expect(span.attributes).not.toHaveProperty("error.type");
    expect(span.attributes).not.toHaveProperty("jsonrpc.protocol.version");
  });

  it("marks a tool result with isError as a tool_error", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "tools/call delete_file");
    expect(span.attributes["error.type"]).toBe("tool_error");
    expect(span.status.code).toBe("error");
  });

  it("describes a JSON-RPC error by its code and fixed name, never by the server's message", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "tools/call missing_tool");
    expect(span.attributes["error.type"]).toBe("-32602");
    expect(span.attributes["rpc.response.status_code"]).toBe("-32602");
    expect(span.status).toEqual({ code: "error", message: "JSON-RPC error -32602 (invalid params)" });
  });

  it("gives a notification no request id and a zero-length span", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "notifications/progress");
    expect(span.attributes).not.toHaveProperty("jsonrpc.request.id");
    expect(span.endNanos).toBe(span.startNanos);
    expect(span.status.code).toBe("unset");
  });

  it("marks a request the session never answered as unanswered, ending at the session's last event", () => {
    const { events } = acceptanceSession();
    const span = byName(mapAll(events).spans, "tools/call slow_tool");
    expect(span.attributes["error.type"]).toBe("unanswered");
    expect(span.status.code).toBe("error");
    const last = events[events.length - 1]!;
    expect(span.endNanos).toBe(BigInt(Date.parse(last.ts!)) * 1_000_000n);
  });

  it("keeps a resource URI up to its path: no userinfo, query or fragment", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "resources/read");
    expect(span.attributes["mcp.resource.uri"]).toBe("https://bucket.example.com/reports/q3.pdf");
  });

  it("names a prompts/get after its prompt", () => {
    const span = byName(mapAll(acceptanceSession().events).spans, "prompts/get summarise");
    expect(span.attributes["gen_ai.prompt.name"]).toBe("summarise");
    expect(span.attributes).not.toHaveProperty("gen_ai.operation.name");
  });

  it("times a span from its request's ts to its response's ts", () => {
    const { events, seqs } = acceptanceSession();
    const span = byName(mapAll(events).spans, "tools/call get_weather");
    const nanos = (seq: number) => BigInt(Date.parse(events.find((e) => e.seq === seq)!.ts!)) * 1_000_000n;
    expect(span.startNanos).toBe(nanos(seqs.toolOk));
    expect(span.endNanos).toBe(nanos(seqs.toolOk + 1));
  });

  it("times events without ts deterministically: one microsecond per seq from the epoch", () => {
    const { events, seqs } = acceptanceSession("stdio", { ts: false });
    const span = byName(mapAll(events).spans, "tools/call get_weather");
    expect(span.startNanos).toBe(BigInt(seqs.toolOk) * 1000n);
    expect(span.endNanos).toBe(BigInt(seqs.toolOk + 1) * 1000n);
  });

  it("exports no payload: the secret in arguments, results and error messages is in no span", () => {
    const { spans } = mapAll(acceptanceSession("streamable-http").events);
    const text = JSON.stringify(spans, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("Paris");
    expect(text).not.toContain("Unknown tool");
  });
});

describe("HTTP sessions", () => {
  it("sets the session id, tcp/http and the upstream as server.address/port on the client's requests", () => {
    const { spans } = mapAll(acceptanceSession("streamable-http").events);
    const call = byName(spans, "tools/call get_weather");
    expect(call.attributes).toMatchObject({
      "mcp.session.id": "5f1c2d3e4a5b6c7d",
      "network.transport": "tcp",
      "network.protocol.name": "http",
      "network.protocol.version": "1.1",
      "server.address": "127.0.0.1",
      "server.port": 3999,
    });
    const progress = byName(spans, "notifications/progress");
    expect(progress.attributes).not.toHaveProperty("server.address");
  });
});

describe("2026-07-28 sessions (a real one: our modern peer through mcp-conf record http)", () => {
  const events = readTraceSync(
    readFileSync(new URL("../../../corpus/2026-07-28/good/modern-peer-http.jsonl", import.meta.url), "utf8"),
  );
  const spans = mapAll(events).spans;

  it("gives every exchange a span, with the version its own request declares and no session id", () => {
    expect(spans.map((s) => s.name)).toEqual(
      expect.arrayContaining(["server/discover", "tools/list", "tools/call get_weather", "prompts/get summarise"]),
    );
    for (const span of spans) expect(span.attributes).not.toHaveProperty("mcp.session.id");
    const probe = spans.find((s) => s.attributes["rpc.response.status_code"] === "-32022");
    expect(probe?.attributes["mcp.protocol.version"]).toBe("2099-01-01");
    expect(byName(spans, "server/discover").attributes["mcp.protocol.version"]).toBe("2026-07-28");
  });

  it("ends a call whose response stream the client closed as unanswered, with its progress on its own span", () => {
    const countdowns = spans.filter((s) => s.name === "tools/call countdown");
    expect(countdowns.map((s) => s.attributes["error.type"])).toEqual([undefined, "unanswered"]);
  });
});

describe("trace context", () => {
  it("takes a valid traceparent's trace id and parent span id and carries tracestate unchanged", () => {
    const { mapper, spans } = mapAll(acceptanceSession().events);
    const traced = byName(spans, "tools/call get_weather");
    expect(traced.traceId).toBe(CALLER_TRACEPARENT.split("-")[1]);
    expect(traced.parentSpanId).toBe(CALLER_TRACEPARENT.split("-")[2]);
    expect(traced.traceState).toBe(CALLER_TRACESTATE);
    const untraced = byName(spans, "resources/read");
    expect(untraced.traceId).toBe(mapper.traceId);
    expect(untraced.parentSpanId).toBeUndefined();
  });

  it("ignores an invalid traceparent (upper-case, all-zero, wrong length)", () => {
    for (const bad of [
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01",
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
      "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    ]) {
      const b = recordedSession();
      b.request(1, "tools/call", { name: "t", _meta: { traceparent: bad, tracestate: "a=b" } });
      b.result(1, { content: [] });
      const { mapper, spans } = mapAll(b.events);
      const span = byName(spans, "tools/call t");
      expect(span.traceId, bad).toBe(mapper.traceId);
      expect(span.parentSpanId).toBeUndefined();
      expect(span.traceState).toBeUndefined();
    }
  });
});

describe("ids", () => {
  it("derives the same ids from the same seed and different ones from another", () => {
    const a = mapAll(acceptanceSession().events).spans.map((s) => s.spanId);
    const b = mapAll(acceptanceSession().events).spans.map((s) => s.spanId);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(a.length);
    const other = derivedIds("other");
    expect(other.spanId(3)).not.toBe(derivedIds("test").spanId(3));
  });

  it("draws random ids as lower-case hex of the right length", () => {
    const ids = randomIds();
    const spans = new Set(Array.from({ length: 1000 }, () => ids.spanId(0)));
    expect(spans.size).toBe(1000);
    for (const id of spans) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(ids.traceId()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("findings", () => {
  it("attaches a finding to the held span of the exchange holding its seq, with every attribute", () => {
    const { events, seqs } = acceptanceSession();
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of events) mapper.observe(e);
    mapper.addFindings([finding(seqs.rpcErrorAnswer)]);
    const span = byName(mapper.release(), "tools/call missing_tool");
    expect(span.events).toHaveLength(1);
    expect(span.events[0]!.name).toBe("mcp_conformance.finding");
    expect(span.events[0]!.attributes).toEqual({
      "mcp_conformance.requirement.id": "TOOL-006",
      "mcp_conformance.requirement.level": "SHOULD",
      "mcp_conformance.outcome": "warn",
      "mcp_conformance.revision": "2025-11-25",
      "mcp_conformance.spec.url": "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
      "mcp_conformance.check": "tool.name-charset",
      "mcp_conformance.detail": `finding at ${seqs.rpcErrorAnswer}`,
      "mcp_conformance.trace.seq": seqs.rpcErrorAnswer,
    });
  });

  it("puts a finding whose span was already sent on the span of the exchange that surfaced it", () => {
    const b = recordedSession();
    const early = b.request(1, "tools/list").last;
    b.result(1, { tools: [] });
    b.request(2, "ping");
    const surfacing = b.result(2, {}).last;
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of b.events) mapper.observe(e);
    const sent = mapper.release(early + 1);
    expect(sent.map((s) => s.name)).toContain("tools/list");
    mapper.addFindings([finding(early)], surfacing);
    const ping = byName(mapper.release(), "ping");
    expect(ping.events.map((e) => e.attributes["mcp_conformance.trace.seq"])).toEqual([early]);
  });

  it("holds a finding about a request still waiting for its answer until that request's span is made", () => {
    const b = recordedSession();
    const request = b.request(1, "tools/call", { name: "t" }).last;
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of b.events) mapper.observe(e);
    mapper.addFindings([finding(request)], request);
    expect(mapper.release().every((s) => s.events.length === 0)).toBe(true);
    b.result(1, { content: [] });
    mapper.observe(b.events[b.events.length - 1]!);
    const span = byName(mapper.release(), "tools/call t");
    expect(span.events).toHaveLength(1);
    expect(span.events[0]!.timeNanos).toBe(span.startNanos);
  });

  it("attributes a finding on an HTTP event to the message that HTTP event carried", () => {
    const b = recordedSession("streamable-http", { sessionId: "s1" });
    const message = b.request(1, "tools/list").last;
    b.result(1, { tools: [] });
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of b.events) mapper.observe(e);
    mapper.addFindings([finding(message - 1)]);
    expect(byName(mapper.release(), "tools/list").events).toHaveLength(1);
  });

  it("attaches a finding only once per span and cuts a long detail at 512 characters, marked", () => {
    const { events, seqs } = acceptanceSession();
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of events) mapper.observe(e);
    const long = { ...finding(seqs.read), detail: "x".repeat(600) };
    mapper.addFindings([long, long]);
    const span = byName(mapper.release(), "resources/read");
    expect(span.events).toHaveLength(1);
    expect(span.events[0]!.attributes["mcp_conformance.detail"]).toBe(`${"x".repeat(512)}…[cut]`);
    expect(mapper.stats().findingsAttached).toBe(1);
  });

  it("carries a finding that arrives when no span is held to the next span, and counts it if none comes", () => {
    const b = recordedSession();
    const mapper = createSpanMapper({ ids: derivedIds("test") });
    for (const e of b.events) mapper.observe(e);
    mapper.release();
    mapper.addFindings([finding(undefined, "LIFE-001")]);
    b.request(1, "ping");
    b.result(1, {});
    for (const e of b.events.slice(-2)) mapper.observe(e);
    expect(byName(mapper.release(), "ping").events).toHaveLength(1);
    mapper.addFindings([finding(undefined, "LIFE-002")]);
    mapper.finish();
    expect(mapper.stats().findingsUnplaced).toBe(1);
  });
});
