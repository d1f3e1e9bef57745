import { error, request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { examinedBy, findingsOf } from "../../../test/support/judge.js";
import { createJudge } from "../../engine/judge.js";

describe("life.initialized-sent", () => {
  it("never reports before the end of the trace, so a live judge cannot fail it in the gap", () => {
    const t = new TraceBuilder().open().handshake().close();
    const judge = createJudge();
    for (const event of t.events) {
      judge.observe(event);
      expect(judge.findings().filter((f) => f.check === "life.initialized-sent")).toEqual([]);
    }
    judge.finish();
    expect(judge.findings().filter((f) => f.check === "life.initialized-sent")).toEqual([]);
  });

  it("reports at the end, at the initialize result, when the notification never came", () => {
    const t = new TraceBuilder().open();
    t.client(
      request(0, "initialize", {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
    );
    t.server(result(0, { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } }));
    t.client(request(1, "ping")).server(result(1)).close();
    expect(findingsOf("life.initialized-sent", t.events).map((f) => f.seq)).toEqual([2]);
  });
});

describe("life.negotiated-capabilities-only", () => {
  it("leaves a request the server served anyway to the server's declaration clause", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: {} })
      .client(request(1, "tools/list"))
      .server(result(1, { tools: [] }))
      .close();
    expect(findingsOf("life.negotiated-capabilities-only", t.events)).toEqual([]);
    expect(examinedBy("life.negotiated-capabilities-only", t.events)).toBe(1);
  });

  it("reports a subscription when the server declared resources without subscribe", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { resources: { listChanged: true } } })
      .client(request(1, "resources/subscribe", { uri: "file:///a" }))
      .server(error(1, -32601, "Method not found"))
      .close();
    expect(findingsOf("life.negotiated-capabilities-only", t.events).map((f) => f.detail)).toEqual([
      'the client sent "resources/subscribe" although the server did not declare the "resources.subscribe" capability',
    ]);
  });
});

describe("life ordering", () => {
  it("lets the client ping before the initialize response and the server ping before initialized", () => {
    const t = new TraceBuilder().open();
    t.client(
      request(0, "initialize", {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
    );
    t.client(request(1, "ping"));
    t.server(request("s1", "ping")).client(result("s1"));
    t.server(result(1)).server(
      result(0, { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } }),
    );
    t.client({ jsonrpc: "2.0", method: "notifications/initialized" }).close();
    expect(findingsOf("life.client-waits-for-initialize", t.events)).toEqual([]);
    expect(findingsOf("life.server-waits-for-initialized", t.events)).toEqual([]);
  });
});
