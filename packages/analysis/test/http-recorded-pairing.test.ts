/**
 * The HTTP pairing the recorder writes (`exchange`, the same number on a request's and its response's `http` event)
 * decides which request a response answers. Hand-written, since no real peer answers out of order on demand: two
 * POSTs in flight, the later one refused with a 403 first, then the earlier one answered. Without the numbers the
 * 403 would go to the oldest waiting request; with them it goes to its own.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { analyzeTrace, type CallEntry } from "../src/index.js";

const http = "streamable-http" as const;
const c2s = "client-to-server" as const;
const s2c = "server-to-client" as const;

function trace(withPairing: boolean): TraceEvent[] {
  const pair = (exchange: number) => (withPairing ? { exchange } : {});
  const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
  return [
    { seq: 0, direction: c2s, transport: http, kind: "http", method: "POST", path: "/mcp", ...pair(1) },
    { seq: 1, direction: c2s, transport: http, kind: "message", payload: list(1) },
    { seq: 2, direction: c2s, transport: http, kind: "http", method: "POST", path: "/mcp", ...pair(2) },
    { seq: 3, direction: c2s, transport: http, kind: "message", payload: list(2) },
    { seq: 4, direction: s2c, transport: http, kind: "http", status: 403, ...pair(2) },
    {
      seq: 5,
      direction: s2c,
      transport: http,
      kind: "http",
      status: 200,
      headers: { "content-type": "application/json" },
      ...pair(1),
    },
    {
      seq: 6,
      direction: s2c,
      transport: http,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 1, result: { tools: [] } },
    },
  ];
}

const statuses = async (events: TraceEvent[]) =>
  (await analyzeTrace(events, { contextCost: false })).timeline
    .filter((entry): entry is CallEntry => entry.kind === "call")
    .map((call) => [call.seq, call.status, call.httpStatus]);

describe("the recorded HTTP pairing", () => {
  it("refuses the request the 403 answers, by its exchange number, and answers the other", async () => {
    expect(await statuses(trace(true))).toEqual([
      [1, "ok", undefined],
      [3, "refused", 403],
    ]);
  });

  it("is what decides: without the numbers the 403 goes to the oldest waiting request", async () => {
    expect((await statuses(trace(false))).find(([seq]) => seq === 1)?.[1]).toBe("refused");
  });
});
