/**
 * The live exporter against a real OTLP receiver (@elastic/mockotlpserver) and against collectors that fail: every
 * span arrives and every request body is strictly valid OTLP JSON; a collector that is down, stalls or answers 500
 * costs spans, reported in the summary, and never the time of the session feeding the sink.
 */

import {
  ACCEPTANCE_SPAN_NAMES,
  acceptanceSession,
  downCollectorUrl,
  type FaultyCollector,
  PRESIGNED_URI,
  type RealCollector,
  SECRET,
  startFaultyCollector,
  startRealCollector,
  strictOtlpProblems,
} from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { afterEach, describe, expect, it } from "vitest";
import type { SpanFinding } from "../src/findings.js";
import { resolveTracesUrl } from "../src/otlp-endpoint.js";
import { createOtlpSink, type OtlpSink, type OtlpSinkOptions } from "../src/otlp-sink.js";

interface OtlpKeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind: number;
  attributes: OtlpKeyValue[];
  events?: { name: string; attributes: OtlpKeyValue[] }[];
  status: { code?: number; message?: string };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const finding = (requirementId: string, seq: number, detail: string): SpanFinding => ({
  requirementId,
  level: "MUST",
  outcome: "fail",
  revision: "2025-11-25",
  specUrl: `https://modelcontextprotocol.io/specification/2025-11-25/${requirementId.toLowerCase()}`,
  check: `check.${requirementId.toLowerCase()}`,
  detail,
  seq,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replays the acceptance session through `sink` the way `watch` would: events at `paceMs` apart, a judge's
 * findings after the exchange that shows them, then the end-of-session findings.
 */
async function replay(sink: OtlpSink, paceMs: number, rounds = 1) {
  for (let round = 0; round < rounds; round++) {
    const { events, seqs } = acceptanceSession("streamable-http");
    for (const event of events) {
      sink.observe(event);
      if (event.seq === seqs.rpcErrorAnswer) {
        sink.addFindings([finding("BASE-001", seqs.rpcError, `secret-free detail ${round}`)], event.seq);
      }
      sink.judgedThrough(event.seq);
      await sleep(paceMs);
    }
    if (round === rounds - 1) {
      sink.finish();
      sink.addFindings([finding("LIFE-009", seqs.unanswered, "never answered")]);
    }
  }
}

function spansOf(collector: RealCollector): OtlpSpan[] {
  return collector.requests.flatMap((r) => {
    const body = JSON.parse(r.body.toString("utf8")) as {
      resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
    };
    return body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans));
  });
}

const attrs = (span: OtlpSpan) =>
  Object.fromEntries(span.attributes.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue]));

function sinkFor(url: string, extra: Partial<OtlpSinkOptions> = {}): OtlpSink {
  const sink = createOtlpSink({
    url: resolveTracesUrl(url),
    batchDelayMs: 20,
    serviceName: "otel-sink-test",
    ...extra,
  });
  stops.push(async () => {
    await sink.close();
  });
  return sink;
}

describe("against a real OTLP receiver", () => {
  it("delivers every span, each request body strictly valid, with the names, kinds, attributes and events of the conventions", async () => {
    const collector = await startRealCollector();
    stops.push(() => collector.stop());
    const sink = sinkFor(collector.url, { maxBatchSize: 4, headers: { "x-tenant": "t1" } });
    await replay(sink, 1);
    const summary = await sink.close();
    expect(summary).toEqual({ exported: 9, dropped: 0, failed: 0, reasons: {}, findingsUnplaced: 0 });

    await collector.waitForTraces(collector.requests.length);
    expect(collector.requests.length).toBeGreaterThanOrEqual(3);
    for (const request of collector.requests) {
      expect(request.path).toBe("/v1/traces");
      expect(request.contentType).toBe("application/json");
      expect(request.headers["x-tenant"]).toBe("t1");
      expect(strictOtlpProblems(JSON.parse(request.body.toString("utf8")))).toEqual([]);
    }
    expect(collector.traces).toHaveLength(collector.requests.length);

    const spans = spansOf(collector);
    expect(spans.map((s) => s.name).sort()).toEqual([...ACCEPTANCE_SPAN_NAMES].sort());
    expect(new Set(spans.map((s) => s.kind))).toEqual(new Set([3]));
    const named = (name: string) => spans.find((s) => s.name === name)!;

    const ok = named("tools/call get_weather");
    expect(attrs(ok)).toMatchObject({
      "mcp.method.name": "tools/call",
      "jsonrpc.request.id": "1",
      "gen_ai.tool.name": "get_weather",
      "gen_ai.operation.name": "execute_tool",
      "mcp.session.id": "5f1c2d3e4a5b6c7d",
      "mcp.protocol.version": "2025-11-25",
      "network.transport": "tcp",
      "network.protocol.name": "http",
      "server.address": "127.0.0.1",
      "server.port": "3999",
    });
    expect(ok.status).toEqual({});
    expect(ok.parentSpanId).toBe("00f067aa0ba902b7");
    expect(ok.traceId).toBe("4bf92f3577b34da6a3ce929d0e0e4736");

    const toolError = named("tools/call delete_file");
    expect(attrs(toolError)["error.type"]).toBe("tool_error");
    expect(toolError.status.code).toBe(2);

    const rpcError = named("tools/call missing_tool");
    expect(attrs(rpcError)).toMatchObject({ "error.type": "-32602", "rpc.response.status_code": "-32602" });
    expect(rpcError.status).toEqual({ code: 2, message: "JSON-RPC error -32602 (invalid params)" });
    expect(rpcError.events).toHaveLength(1);
    expect(rpcError.events![0]!.name).toBe("mcp_conformance.finding");
    expect(attrs(rpcError.events![0]! as unknown as OtlpSpan)).toMatchObject({
      "mcp_conformance.requirement.id": "BASE-001",
      "mcp_conformance.requirement.level": "MUST",
      "mcp_conformance.outcome": "fail",
      "mcp_conformance.revision": "2025-11-25",
      "mcp_conformance.check": "check.base-001",
    });

    const notification = named("notifications/progress");
    expect(attrs(notification)).not.toHaveProperty("jsonrpc.request.id");
    expect(attrs(notification)).not.toHaveProperty("server.address");

    const unanswered = named("tools/call slow_tool");
    expect(attrs(unanswered)["error.type"]).toBe("unanswered");
    expect(unanswered.events?.map((e) => e.name)).toEqual(["mcp_conformance.finding"]);

    expect(attrs(named("resources/read"))["mcp.resource.uri"]).toBe("https://bucket.example.com/reports/q3.pdf");
    expect(attrs(named("prompts/get summarise"))["gen_ai.prompt.name"]).toBe("summarise");

    const sessionTrace = named("initialize").traceId;
    expect(spans.filter((s) => s.traceId === sessionTrace)).toHaveLength(8);
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(9);
  });

  it("sends no payload: the secret planted in arguments, results, errors and URIs is in no exported byte", async () => {
    const collector = await startRealCollector();
    stops.push(() => collector.stop());
    const sink = sinkFor(collector.url);
    await replay(sink, 0);
    await sink.close();
    expect(collector.requests.length).toBeGreaterThan(0);
    const bytes = Buffer.concat(collector.requests.map((r) => r.body));
    expect(bytes.includes(SECRET)).toBe(false);
    expect(bytes.includes("X-Amz-Signature")).toBe(false);
    expect(bytes.includes(PRESIGNED_URI)).toBe(false);
    expect(bytes.includes("Paris")).toBe(false);
  });
});

describe("a collector that fails costs spans, never the session's time", () => {
  // What a failing collector costs the session's time (replay with the sink against without it, the slowest call,
  // close against its timeout) is bench/otel's faulty-collector figures: wall-clock bounds here failed under load.
  async function lossyRun(url: string, extra: Partial<OtlpSinkOptions>) {
    const sink = sinkFor(url, extra);
    await replay(sink, 2, 3);
    return { summary: await sink.close() };
  }

  it("a collector that is down: spans fail as refused connections", async () => {
    const url = await downCollectorUrl();
    const r = await lossyRun(url, { exportTimeoutMs: 800, closeTimeoutMs: 3000 });
    expect(r.summary.exported).toBe(0);
    expect(r.summary.dropped + r.summary.failed).toBe(27);
    expect(r.summary.reasons["connection refused (collector down?)"]).toBeGreaterThan(0);
  });

  it("a collector that stalls 5 s: exports time out, the rest wait no longer than close allows", async () => {
    const stalling: FaultyCollector = await startFaultyCollector({ status: 200, delayMs: 5000 });
    stops.push(() => stalling.stop());
    const r = await lossyRun(stalling.url, {
      exportTimeoutMs: 1000,
      closeTimeoutMs: 1500,
      maxQueueSize: 8,
      maxBatchSize: 4,
    });
    expect(stalling.received).toBeGreaterThan(0);
    expect(r.summary.exported).toBe(0);
    expect(r.summary.dropped + r.summary.failed).toBe(27);
    expect(r.summary.reasons["queue full (the collector is not keeping up)"]).toBeGreaterThan(0);
    const waited =
      (r.summary.reasons["timed out waiting for the collector"] ?? 0) +
      (r.summary.reasons["no answer from the collector before the session closed"] ?? 0);
    expect(waited).toBeGreaterThan(0);
  });

  it("a collector answering 500: every span fails with that status", async () => {
    const refusing = await startFaultyCollector({ status: 500, delayMs: 0 });
    stops.push(() => refusing.stop());
    const r = await lossyRun(refusing.url, {});
    expect(r.summary).toEqual({
      exported: 0,
      dropped: 0,
      failed: 27,
      reasons: { "the collector answered HTTP 500": 27 },
      findingsUnplaced: 0,
    });
  });
});

describe("after close", () => {
  it("sends nothing more: a retry the transport had scheduled fails without reaching the collector", async () => {
    const busy = await startFaultyCollector({ status: 503, delayMs: 0 });
    stops.push(() => busy.stop());
    const sink = sinkFor(busy.url, { closeTimeoutMs: 200, exportTimeoutMs: 5000 });
    await replay(sink, 0);
    const summary = await sink.close();
    const atClose = busy.received;
    expect(atClose).toBeGreaterThan(0);
    expect(summary.exported).toBe(0);
    expect(summary.failed + summary.dropped).toBe(9);
    await sleep(2500);
    expect(busy.received).toBe(atClose);
  });
});

describe("holding spans for findings", () => {
  it("sends spans the judge never releases after holdMs, a late finding joining one, and keeps the latest for the end", async () => {
    const collector = await startRealCollector();
    stops.push(() => collector.stop());
    const sink = sinkFor(collector.url, { holdMs: 100 });
    const { events, seqs } = acceptanceSession("stdio");
    for (const event of events.slice(0, seqs.toolError + 2)) sink.observe(event as TraceEvent);
    sink.addFindings([finding("TOOL-001", seqs.toolOk, "late")], seqs.toolOk + 1);
    await collector.waitForTraces(1, 3000);
    await sleep(300);
    const sent = spansOf(collector);
    expect(sent.find((s) => s.name === "tools/call get_weather")!.events).toHaveLength(1);
    expect(sent.map((s) => s.name)).not.toContain("tools/call delete_file");

    sink.finish();
    sink.addFindings([finding("LIFE-003", seqs.toolOk, "only the end shows it")]);
    const summary = await sink.close();
    expect(summary.findingsUnplaced).toBe(0);
    const last = spansOf(collector).find((s) => s.name === "tools/call delete_file")!;
    expect(last.events?.map((e) => attrs(e as unknown as OtlpSpan)["mcp_conformance.requirement.id"])).toEqual([
      "LIFE-003",
    ]);
  });
});
