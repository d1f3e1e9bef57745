import { request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";

describe("base.schema-valid", () => {
  it("validates a result by the method of the request it answers", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .client(request(1, "tools/list"))
      .server(result(1, { tools: [{ name: 7, inputSchema: { type: "object" } }] }))
      .close();
    const findings = findingsOf("base.schema-valid", t.events);
    expect(findings.map((f) => f.seq)).toEqual([5]);
    expect(findings[0]?.detail).toMatch(/^result of tools\/list does not match the schema's ListToolsResult: /);
  });

  it("accepts a CreateTaskResult for a task-augmented request", () => {
    const task = {
      taskId: "t1",
      status: "working",
      createdAt: "2025-11-25T10:00:00Z",
      lastUpdatedAt: "2025-11-25T10:00:00Z",
      ttl: 60000,
    };
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { tools: {}, tasks: { requests: { tools: { call: {} } } } } })
      .client(request(1, "tools/call", { name: "slow", arguments: {}, task: { ttl: 60000 } }))
      .server(result(1, { task }))
      .close();
    expect(findingsOf("base.schema-valid", t.events)).toEqual([]);
  });

  it("does not judge custom methods, nor the envelope (BASE's own clauses do)", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .client(request(1, "example/anything", { x: [1, 2] }))
      .server(result(1, { y: 1 }))
      .client({ jsonrpc: "1.0", id: 2, method: "ping" })
      .server(result(2))
      .close();
    expect(findingsOf("base.schema-valid", t.events)).toEqual([]);
  });

  it("validates notifications by method", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { logging: {} } })
      .server({ jsonrpc: "2.0", method: "notifications/message", params: { level: "loud", data: "x" } })
      .close();
    expect(findingsOf("base.schema-valid", t.events).map((f) => f.seq)).toEqual([4]);
  });
});
