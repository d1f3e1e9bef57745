/**
 * OTLP carries times as fixed64 nanoseconds: a trace time past 2^64-1 ns (a `ts` in year 9999, or a `seq` so large
 * that the derived time overflows) is clamped to the largest time OTLP can hold, never written as a longer number.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { MAX_UNIX_NANOS } from "./time.js";
import { exportTraceAsOtlpJson } from "./trace-export.js";

const c2s = { direction: "client-to-server", transport: "stdio", kind: "message" } as const;
const s2c = { direction: "server-to-client", transport: "stdio", kind: "message" } as const;

function times(events: TraceEvent[]): bigint[] {
  const doc = JSON.parse(exportTraceAsOtlpJson(events, { seed: Buffer.from("seed") }).json);
  const spans = doc.resourceSpans.flatMap((r: { scopeSpans: { spans: unknown[] }[] }) =>
    r.scopeSpans.flatMap((s) => s.spans),
  ) as { startTimeUnixNano: string; endTimeUnixNano: string }[];
  expect(spans.length).toBeGreaterThan(0);
  return spans.flatMap((span) => [BigInt(span.startTimeUnixNano), BigInt(span.endTimeUnixNano)]);
}

describe("span times beyond what OTLP can carry", () => {
  it("a ts in year 9999 is clamped to 2^64-1 ns", () => {
    const ts = "9999-12-31T23:59:59.999999999Z";
    const all = times([
      { seq: 0, ...c2s, ts, payload: { jsonrpc: "2.0", id: 1, method: "ping" } },
      { seq: 1, ...s2c, ts, payload: { jsonrpc: "2.0", id: 1, result: {} } },
    ]);
    for (const time of all) expect(time).toBe(MAX_UNIX_NANOS);
  });

  it("the largest seq without a ts stays within 2^64-1 ns", () => {
    const seq = Number.MAX_SAFE_INTEGER - 1;
    const all = times([
      { seq: 0, ...c2s, ts: "9999-12-31T23:59:59Z", payload: { jsonrpc: "2.0", id: 1, method: "ping" } },
      { seq, ...s2c, payload: { jsonrpc: "2.0", id: 1, result: {} } },
    ]);
    for (const time of all) expect(time <= MAX_UNIX_NANOS).toBe(true);
  });
});
