import { error, request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { examinedBy, findingsOf } from "../../../test/support/judge.js";
import { createJudge, validate } from "../../engine/judge.js";

const INITIALIZE = request(0, "initialize", {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "t", version: "1" },
});

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
    t.client(INITIALIZE);
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
    t.client(INITIALIZE);
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

describe("life.answered-version-published", () => {
  const session = (requested: string, answered: unknown) => {
    const t = new TraceBuilder().open();
    t.client(
      request(0, "initialize", {
        protocolVersion: requested,
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
    );
    t.server(result(0, { protocolVersion: answered, capabilities: {}, serverInfo: { name: "s", version: "1" } }));
    return t.client({ jsonrpc: "2.0", method: "notifications/initialized" }).close().events;
  };

  it.each(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])(
    "passes a server that answers %s, a published revision, whatever the client asked",
    (answered) => {
      expect(findingsOf("life.answered-version-published", session("2025-11-25", answered))).toEqual([]);
      expect(examinedBy("life.answered-version-published", session("2025-11-25", answered))).toBe(1);
    },
  );

  it.each(["1.0", "2099-01-01"])("reports an answer of %s at the initialize result", (answered) => {
    const findings = findingsOf("life.answered-version-published", session("2025-06-18", answered));
    expect(findings.map((f) => f.seq)).toEqual([2]);
    expect(findings[0]!.detail).toMatch(
      new RegExp(
        `^the initialize result names protocolVersion "${answered}", which is no published revision \\(2024-11-05, `,
      ),
    );
  });

  it("the session is judged at the version the client asked for, LIFE-010 failing and the report saying why", () => {
    const report = validate(session("2025-06-18", "1.0"));
    expect(report.revision).toBe("2025-06-18");
    expect(report.revisionNote).toBe(
      'the server answered protocol version "1.0", which is no published revision: judged at 2025-06-18, the version the client asked for',
    );
    expect(report.requirements.find((row) => row.id === "LIFE-010")?.outcome).toBe("fail");
    expect(validate(session("2025-06-18", "2025-06-18")).revisionNote).toBeUndefined();
  });
});
