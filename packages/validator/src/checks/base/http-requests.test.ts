import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { type HttpReading, HttpRequests } from "../support/http-requests.js";
import { ACCEPT_BOTH, JSON_BODY, request, result, SSE, TestTrace } from "./test-trace.js";

function readAll(events: readonly TraceEvent[]): HttpReading[] {
  const http = new HttpRequests();
  return events.map((event) => http.observe(event));
}

describe("HttpRequests", () => {
  it("pairs a POST with the message right after it and its response with certainty", () => {
    const t = new TestTrace("streamable-http")
      .req(ACCEPT_BOTH, "POST")
      .c(request(1, "ping"))
      .res(200, JSON_BODY)
      .s(result(1));
    const readings = readAll(t.events);
    expect(readings[1]?.settled.map((r) => [r.kind, r.rpcMethod, r.rpcId])).toEqual([["post-request", "ping", 1]]);
    expect(readings[2]?.response?.certain).toBe(true);
    expect(readings[2]?.response?.request?.seq).toBe(0);
  });

  it("infers a GET when the method is not recorded and no body follows", () => {
    const t = new TestTrace("streamable-http").req({ accept: "text/event-stream" }).req(ACCEPT_BOTH, "POST");
    const readings = readAll(t.events);
    expect(readings[1]?.settled.map((r) => [r.method, r.kind])).toEqual([["GET", "get"]]);
  });

  it("infers a POST when the method is not recorded but a body follows", () => {
    const t = new TestTrace("streamable-http")
      .req(ACCEPT_BOTH)
      .c({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(readAll(t.events)[1]?.settled.map((r) => [r.method, r.kind])).toEqual([["POST", "post-notification"]]);
  });

  it("calls a response uncertain when requests of several kinds wait", () => {
    const t = new TestTrace("streamable-http")
      .req(ACCEPT_BOTH, "POST")
      .c(request(1, "tools/call"))
      .req(ACCEPT_BOTH, "POST")
      .c({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })
      .res(202);
    const response = readAll(t.events)[4]?.response;
    expect(response?.certain).toBe(false);
    expect([...(response?.waitingKinds ?? [])].sort()).toEqual(["post-notification", "post-request"]);
    // 202 most likely answers the notification
    expect(response?.request?.seq).toBe(2);
  });

  it("flags a client message no POST carried", () => {
    const t = new TestTrace("streamable-http").req(ACCEPT_BOTH, "POST").c(request(1, "ping")).c(request(2, "ping"));
    expect(readAll(t.events)[2]?.strayMessage?.seq).toBe(2);
  });

  it("ignores stdio events", () => {
    const t = new TestTrace("stdio").c(request(1, "ping"));
    expect(readAll(t.events)[0]).toEqual({ settled: [] });
  });

  it("keeps a SSE response of a request POST apart from the GET stream", () => {
    const t = new TestTrace("streamable-http").req({ accept: "text/event-stream" }, "GET").res(200, SSE);
    const readings = readAll(t.events);
    expect(readings[0]?.settled.map((r) => r.kind)).toEqual(["get"]);
    expect(readings[1]?.response?.request?.kind).toBe("get");
  });
});
