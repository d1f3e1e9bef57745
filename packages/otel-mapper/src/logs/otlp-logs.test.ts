/**
 * `--otlp-logs`'s exporter against the real OTLP receiver @elastic/mockotlpserver (bodies captured byte for byte):
 * the JSON requests pass the strict check against the official opentelemetry-proto logs definitions, the protobuf
 * ones read back to the same trace lines, every record carries the attributes and the exchange's ids; and against a
 * collector that never answers, the bounded queue drops and counts.
 */
import { derivedIds } from "@mcp-conf/otel-mapper";
import { startFaultyCollector, startRealCollector, strictOtlpProblems } from "@mcp-conf/testing";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeLogsProtobuf } from "./logs-decode.js";
import { createOtlpLogsExporter } from "./otlp-logs-sink.js";

const events: TraceEvent[] = [
  { seq: 0, direction: "client-to-server", transport: "stdio", kind: "lifecycle", event: "transport-open" },
  {
    seq: 1,
    direction: "client-to-server",
    transport: "stdio",
    kind: "message",
    ts: "2026-12-04T10:00:00.000Z",
    payload: { jsonrpc: "2.0", id: 7, method: "tools/list" },
  },
  {
    seq: 2,
    direction: "server-to-client",
    transport: "stdio",
    kind: "message",
    payload: { jsonrpc: "2.0", id: 7, result: { tools: [] } },
  },
];

let collector: Awaited<ReturnType<typeof startRealCollector>>;
beforeAll(async () => {
  collector = await startRealCollector();
});
afterAll(() => collector.stop());

async function send(protocol: "http/json" | "http/protobuf", session: string) {
  const exporter = createOtlpLogsExporter({ url: `${collector.url}/v1/logs`, protocol, scheduledDelayMillis: 10 });
  const sink = exporter.sink();
  sink.open({ session, label: "unit" });
  for (const event of events) sink.write(event);
  await sink.close();
  await exporter.close();
  return sink;
}

describe("createOtlpLogsExporter", () => {
  it("sends strict OTLP JSON: the body is the trace line, the attributes and ids say where it belongs", async () => {
    const sink = await send("http/json", "json-session");
    expect({ written: sink.written, dropped: sink.dropped }).toEqual({ written: 3, dropped: 0 });
    const bodies = collector.requests
      .filter((request) => request.path === "/v1/logs")
      .map((r) => JSON.parse(r.body.toString()));
    const records = bodies.flatMap((body) => {
      expect(strictOtlpProblems(body, "logs")).toEqual([]);
      return body.resourceLogs.flatMap((r: { scopeLogs: { logRecords: unknown[] }[] }) =>
        r.scopeLogs.flatMap((s) => s.logRecords),
      );
    });
    expect(records.map((record: { body: { stringValue: string } }) => record.body.stringValue)).toEqual(
      events.map(serializeEvent),
    );
    const ids = derivedIds("json-session");
    expect(records[1]).toMatchObject({
      traceId: ids.traceId(),
      spanId: ids.spanId(1),
      timeUnixNano: "1796378400000000000",
    });
    expect(records[2]).toMatchObject({ traceId: ids.traceId(), spanId: ids.spanId(1) });
    expect(records[0].traceId).toBeUndefined();
    expect(records[1].attributes).toEqual(
      expect.arrayContaining([
        { key: "mcp_conf.session", value: { stringValue: "json-session" } },
        { key: "mcp_conf.seq", value: { stringValue: "1" } },
        { key: "mcp.method.name", value: { stringValue: "tools/list" } },
        { key: "jsonrpc.request.id", value: { stringValue: "7" } },
        { key: "mcp_conf.server.label", value: { stringValue: "unit" } },
      ]),
    );
  });

  it("sends protobuf that reads back to the same trace lines", async () => {
    const before = collector.requests.length;
    await send("http/protobuf", "proto-session");
    const received = collector.requests
      .slice(before)
      .filter((request) => request.path === "/v1/logs")
      .flatMap((request) => {
        expect(request.contentType).toBe("application/x-protobuf");
        return decodeLogsProtobuf(request.body).events;
      });
    expect(received).toEqual(
      events.map((event) => ({
        session: "proto-session",
        seq: event.seq,
        line: serializeEvent(event),
        label: "unit",
        instance: expect.stringMatching(/^[0-9a-f-]{36}$/),
      })),
    );
  });

  it("drops and counts past its queue when the collector does not answer", async () => {
    const stalled = await startFaultyCollector({ status: 200, delayMs: 60_000 });
    try {
      const exporter = createOtlpLogsExporter({
        url: `${stalled.url}/v1/logs`,
        maxQueueSize: 2,
        maxExportBatchSize: 2,
        scheduledDelayMillis: 10,
        exportTimeoutMillis: 500,
        closeTimeoutMs: 200,
      });
      const sink = exporter.sink({ session: "stalled" });
      for (let i = 0; i < 10; i++) sink.write({ ...events[0]!, seq: i });
      await sink.close();
      await exporter.close();
      expect(sink.written).toBe(0);
      expect(sink.dropped).toBe(10);
      expect(sink.errors[0]).toMatch(/queue was full/);
    } finally {
      await stalled.stop();
    }
  });
});
