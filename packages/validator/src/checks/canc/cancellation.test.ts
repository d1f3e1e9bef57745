import { C2S, S2C, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";

describe("cancellation targets", () => {
  it("says when a cancellation names a request the other side issued", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ client: { roots: {} } })
      .request(5, "roots/list", undefined, S2C)
      .notify("notifications/cancelled", { requestId: 5 }, C2S)
      .result(5, { roots: [] }, C2S)
      .close().events;
    const { findings } = judged("canc.references-issued-request", events);
    expect(findings.map((f) => f.detail)).toEqual([
      'cancels request id 5, which the other side issued ("roots/list", seq 4), not the canceller',
    ]);
  });

  it('tells the id 1 from the id "1"', () => {
    const events = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/call", { name: "slow", arguments: {} }, C2S)
      .notify("notifications/cancelled", { requestId: "1" }, C2S)
      .close().events;
    expect(judged("canc.references-issued-request", events).findings).toHaveLength(1);
    // Nor does it count as cancelling request 1.
    expect(judged("canc.no-response-after-cancel", events).examined).toBe(0);
  });

  it("does not blame a cancelled request that was never answered", () => {
    const events = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/call", { name: "slow", arguments: {}, _meta: { progressToken: 9 } }, C2S)
      .notify("notifications/progress", { progressToken: 9, progress: 1 }, S2C)
      .notify("notifications/cancelled", { requestId: 1 }, C2S)
      .close().events;
    expect(judged("canc.no-response-after-cancel", events)).toEqual({ findings: [], examined: 1 });
    expect(judged("canc.progress-stops-after-cancel", events)).toEqual({ findings: [], examined: 1 });
  });

  it("reports progress after a cancellation once, however many notifications follow", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/call", { name: "slow", arguments: {}, _meta: { progressToken: "p" } }, C2S)
      .notify("notifications/cancelled", { requestId: 1 }, C2S);
    for (let i = 1; i <= 5; i++) t.notify("notifications/progress", { progressToken: "p", progress: i }, S2C);
    expect(judged("canc.progress-stops-after-cancel", t.close().events).findings.map((f) => f.seq)).toEqual([6]);
  });
});

describe("progress tokens", () => {
  it("lets a finished request's token be reused, with progress starting afresh", () => {
    const events = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/call", { name: "a", arguments: {}, _meta: { progressToken: "t" } }, C2S)
      .notify("notifications/progress", { progressToken: "t", progress: 10 }, S2C)
      .result(1, { content: [] }, S2C)
      .request(2, "tools/call", { name: "b", arguments: {}, _meta: { progressToken: "t" } }, C2S)
      .notify("notifications/progress", { progressToken: "t", progress: 1 }, S2C)
      .result(2, { content: [] }, S2C)
      .close().events;
    expect(judged("prog.token-unique", events).findings).toEqual([]);
    expect(judged("prog.progress-increases", events).findings).toEqual([]);
    expect(judged("prog.stops-after-completion", events).findings).toEqual([]);
  });

  it("does not take a token from a request travelling the same way as the progress", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ client: { roots: {} } })
      .request(1, "roots/list", { _meta: { progressToken: "r" } }, S2C)
      .notify("notifications/progress", { progressToken: "r", progress: 1 }, S2C)
      .result(1, { roots: [] }, C2S)
      .close().events;
    expect(judged("prog.token-known", events).findings.map((f) => f.seq)).toEqual([5]);
  });
});

describe("cancellations over streamable HTTP", () => {
  it("finds the cancelled request when the stream carrying the cancellation did not repeat the session id", () => {
    const http = (direction: "client-to-server" | "server-to-client", body: Record<string, unknown>) => ({
      direction,
      transport: "streamable-http",
      kind: "http",
      ...body,
    });
    const msg = (direction: "client-to-server" | "server-to-client", payload: unknown) => ({
      direction,
      transport: "streamable-http",
      kind: "message",
      payload,
    });
    const headers = { accept: "application/json, text/event-stream", "content-type": "application/json" };
    const later = { ...headers, "mcp-session-id": "s1", "mcp-protocol-version": "2025-11-25" };
    const sse = { "content-type": "text/event-stream", "mcp-session-id": "s1" };
    const events = [
      { direction: "client-to-server", transport: "streamable-http", kind: "lifecycle", event: "transport-open" },
      http("client-to-server", { method: "POST", path: "/mcp", headers }),
      msg("client-to-server", {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: { roots: {} }, clientInfo: { name: "c", version: "1" } },
      }),
      http("server-to-client", { status: 200, headers: sse }),
      msg("server-to-client", {
        jsonrpc: "2.0",
        id: 0,
        result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } },
      }),
      http("client-to-server", { method: "POST", path: "/mcp", headers: later }),
      msg("client-to-server", { jsonrpc: "2.0", method: "notifications/initialized" }),
      http("server-to-client", { status: 202 }),
      http("client-to-server", {
        method: "GET",
        path: "/mcp",
        headers: { accept: "text/event-stream", "mcp-session-id": "s1", "mcp-protocol-version": "2025-11-25" },
      }),
      http("server-to-client", { status: 200, headers: sse }),
      msg("server-to-client", { jsonrpc: "2.0", id: 7, method: "roots/list" }),
      http("client-to-server", { method: "POST", path: "/mcp", headers: later }),
      msg("client-to-server", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", arguments: {} } }),
      http("server-to-client", { status: 200, headers: { "content-type": "text/event-stream" } }),
      msg("server-to-client", { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }),
      msg("server-to-client", { jsonrpc: "2.0", id: 1, result: { content: [] } }),
      { direction: "client-to-server", transport: "streamable-http", kind: "lifecycle", event: "transport-close" },
    ].map((e, seq) => ({ seq, ...e })) as unknown as Parameters<typeof judged>[1];
    expect(judged("canc.references-issued-request", events)).toEqual({ findings: [], examined: 1 });
    expect(judged("canc.no-response-after-cancel", events).examined).toBe(1);
  });
});
