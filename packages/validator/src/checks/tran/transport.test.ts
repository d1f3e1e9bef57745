import { JSON_BODY, later, request, result, SSE, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";

const SESSION = "abc-123";

describe("streamable-HTTP checks judge only what the trace shows for certain", () => {
  it("does not judge a 200 answering two waiting requests of different kinds", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest(later(SESSION), "POST")
      .client(request(1, "tools/call", { name: "slow", arguments: {} }))
      .httpRequest(later(SESSION), "POST")
      .client({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })
      .httpResponse(200, { "content-type": "text/plain" })
      .close();
    expect(findingsOf("tran.notification-post-202", t.events)).toEqual([]);
    expect(findingsOf("tran.request-post-content-type", t.events)).toEqual([]);
  });

  it("exempts a cancelled request from the eventual-response rule", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest(later(SESSION), "POST")
      .client(request(1, "tools/call", { name: "slow", arguments: {} }))
      .httpResponse(200, SSE)
      .httpRequest(later(SESSION), "POST")
      .client({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } })
      .httpResponse(202)
      .close();
    expect(findingsOf("tran.response-eventually", t.events)).toEqual([]);
  });

  it("exempts a new initialize request from the session and version headers", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest({ accept: "application/json, text/event-stream", "content-type": "application/json" }, "POST")
      .client(
        request(5, "initialize", {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        }),
      )
      .httpResponse(200, JSON_BODY)
      .server(result(5, { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } }))
      .close();
    expect(findingsOf("tran.session-id-echoed", t.events)).toEqual([]);
    expect(findingsOf("tran.protocol-version-header", t.events)).toEqual([]);
  });

  it("judges a GET recorded without its method once the next request shows it had no body", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest({ "mcp-protocol-version": "2025-11-25", "mcp-session-id": SESSION })
      .close();
    expect(findingsOf("tran.get-accept", t.events).map((f) => f.seq)).toEqual([8]);
  });

  it("does not re-report the request id of a request refused with 401 and sent again", () => {
    const init = request(0, "initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    });
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .httpRequest(later(), "POST")
      .client(init)
      .httpResponse(401, { "www-authenticate": 'Bearer scope="mcp"' })
      .httpRequest(later(), "POST")
      .client(init)
      .httpResponse(200, SSE)
      .server(result(0, { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } }))
      .close();
    expect(findingsOf("base.request-id-unique", t.events)).toEqual([]);
    expect(findingsOf("tran.response-eventually", t.events)).toEqual([]);
  });
});

describe("HTTP pairing after a guess", () => {
  it("does not judge a GET's answer once a guess may have paired the GET's SSE response with a POST", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest(later(SESSION), "POST")
      .client(request(1, "tools/list"))
      .httpRequest(
        { accept: "text/event-stream", "mcp-session-id": SESSION, "mcp-protocol-version": "2025-11-25" },
        "GET",
      )
      .httpResponse(200, SSE)
      .httpResponse(200, JSON_BODY)
      .server(result(1, { tools: [] }))
      .close();
    expect(findingsOf("tran.get-response", t.events)).toEqual([]);
  });
});

describe("tran.new-session-after-404", () => {
  const init = request(9, "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  });

  it("reports a new initialize that still carries the ended session's id", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest(later(SESSION), "POST")
      .client(request(1, "tools/list"))
      .httpResponse(404)
      .httpRequest(later(SESSION), "POST")
      .client(init)
      .httpResponse(404)
      .close();
    const findings = findingsOf("tran.new-session-after-404", t.events);
    expect(findings.map((f) => f.seq)).toEqual([11]);
    expect(findings[0]?.detail).toContain('with MCP-Session-Id "abc-123"');
  });

  it("does not judge a 404 when two requests were waiting for their answers", () => {
    const t = new TraceBuilder({ transport: "streamable-http" })
      .open()
      .handshake({ server: { tools: {} }, http: { session: SESSION } })
      .httpRequest(later(SESSION), "POST")
      .client(request(1, "tools/list"))
      .httpRequest(later(SESSION), "POST")
      .client(request(2, "tools/list"))
      .httpResponse(404)
      .httpResponse(404)
      .httpRequest(later(SESSION), "POST")
      .client(request(3, "tools/list"))
      .httpResponse(404)
      .close();
    expect(findingsOf("tran.new-session-after-404", t.events).map((f) => f.seq)).toEqual([]);
  });
});

describe("stdio validity", () => {
  it("does not judge a line the recorder cut at its size limit", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .raw("server-to-client", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"aaaa', {
        truncated: true,
        bytes: 2_000_000,
      })
      .close();
    expect(findingsOf("tran.stdio-server-output-valid", t.events)).toEqual([]);
  });

  it("reports a batch written to stdout", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .server([{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }])
      .close();
    expect(findingsOf("tran.stdio-server-output-valid", t.events).map((f) => f.seq)).toEqual([4]);
  });
});
