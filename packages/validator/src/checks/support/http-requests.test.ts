import { ACCEPT_BOTH, JSON_BODY, request, result, SSE, TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { type HttpReading, HttpRequests } from "./http-requests.js";

function readAll(events: readonly TraceEvent[]): HttpReading[] {
  const http = new HttpRequests();
  return events.map((event) => http.observe(event));
}

describe("HttpRequests", () => {
  it("pairs a POST with the message right after it and its response with certainty", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest(ACCEPT_BOTH, "POST")
      .client(request(1, "ping"))
      .httpResponse(200, JSON_BODY)
      .server(result(1));
    const readings = readAll(t.events);
    expect(readings[1]?.settled.map((r) => [r.kind, r.rpcMethod, r.rpcId])).toEqual([["post-request", "ping", 1]]);
    expect(readings[2]?.response?.certain).toBe(true);
    expect(readings[2]?.response?.request?.seq).toBe(0);
  });

  it("infers a GET when the method is not recorded and no body follows", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest({ accept: "text/event-stream" })
      .httpRequest(ACCEPT_BOTH, "POST");
    const readings = readAll(t.events);
    expect(readings[1]?.settled.map((r) => [r.method, r.kind])).toEqual([["GET", "get"]]);
  });

  it("infers a POST when the method is not recorded but a body follows", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest(ACCEPT_BOTH)
      .client({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(readAll(t.events)[1]?.settled.map((r) => [r.method, r.kind])).toEqual([["POST", "post-notification"]]);
  });

  it("calls a response uncertain when requests of several kinds wait", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest(ACCEPT_BOTH, "POST")
      .client(request(1, "tools/call"))
      .httpRequest(ACCEPT_BOTH, "POST")
      .client({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })
      .httpResponse(202);
    const response = readAll(t.events)[4]?.response;
    expect(response?.certain).toBe(false);
    expect([...(response?.waitingKinds ?? [])].sort()).toEqual(["post-notification", "post-request"]);
    // 202 most likely answers the notification
    expect(response?.request?.seq).toBe(2);
  });

  it("flags a client message no POST carried", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest(ACCEPT_BOTH, "POST")
      .client(request(1, "ping"))
      .client(request(2, "ping"));
    expect(readAll(t.events)[2]?.strayMessage?.seq).toBe(2);
  });

  it("ignores stdio events", () => {
    const t = new TraceBuilder().client(request(1, "ping"));
    expect(readAll(t.events)[0]).toEqual({ settled: [] });
  });

  it("keeps a SSE response of a request POST apart from the GET stream", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .httpRequest({ accept: "text/event-stream" }, "GET")
      .httpResponse(200, SSE);
    const readings = readAll(t.events);
    expect(readings[0]?.settled.map((r) => r.kind)).toEqual(["get"]);
    expect(readings[1]?.response?.request?.kind).toBe("get");
  });
});
