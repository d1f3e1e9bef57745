import { C2S, S2C, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";

const TASKS = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const task = (taskId: string, status: string) => ({
  taskId,
  status,
  createdAt: "2026-01-05T10:00:00Z",
  lastUpdatedAt: "2026-01-05T10:00:01Z",
  ttl: null,
});
const TOOLS = {
  tools: [
    { name: "scan", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
    { name: "echo", inputSchema: { type: "object" } },
  ],
};

describe("tool-level task support", () => {
  it("judges a server's answer to a call made before the tools were listed, once they are", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: TASKS })
      .request(1, "tools/call", { name: "scan", arguments: {} }, C2S)
      .result(1, { content: [] }, S2C)
      .request(2, "tools/list", undefined, C2S)
      .result(2, TOOLS, S2C)
      .close().events;
    const server = judged("task.required-task-call-rejected", events);
    expect(server.findings.map((f) => f.seq)).toEqual([5]);
    // The client could not know the tool required a task: it is not judged.
    expect(judged("task.required-tool-called-as-task", events).examined).toBe(0);
  });

  it("does not judge tool support when the server declared no task support for tools/call", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: { tools: {} } })
      .request(1, "tools/list", undefined, C2S)
      .result(1, TOOLS, S2C)
      .request(2, "tools/call", { name: "scan", arguments: {} }, C2S)
      .result(2, { content: [] }, S2C)
      .close().events;
    expect(judged("task.required-tool-called-as-task", events)).toEqual({ findings: [], examined: 0 });
  });
});

describe("task status", () => {
  it("lets a non-terminal task move anywhere and holds a terminal one to its status", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: TASKS })
      .request(1, "tools/call", { name: "scan", arguments: {}, task: {} }, C2S)
      .result(1, { task: task("t1", "working") }, S2C)
      .notify("notifications/tasks/status", task("t1", "input_required"), S2C)
      .notify("notifications/tasks/status", task("t1", "working"), S2C)
      .request(2, "tasks/list", undefined, C2S)
      .result(2, { tasks: [task("t1", "cancelled")] }, S2C)
      .request(3, "tasks/get", { taskId: "t1" }, C2S)
      .result(3, task("t1", "cancelled"), S2C)
      .request(4, "tasks/get", { taskId: "t1" }, C2S)
      .result(4, task("t1", "completed"), S2C)
      .close().events;
    expect(judged("task.status-transitions-valid", events).findings.map((f) => f.seq)).toEqual([13]);
  });

  it("counts a tasks/result already open when the task turns input_required as the requestor's answer", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: TASKS })
      .request(1, "tools/call", { name: "scan", arguments: {}, task: {} }, C2S)
      .result(1, { task: task("t1", "working") }, S2C)
      .request(2, "tasks/result", { taskId: "t1" }, C2S)
      .notify("notifications/tasks/status", task("t1", "input_required"), S2C)
      .close().events;
    expect(judged("task.input-required-prompts-result", events)).toEqual({ findings: [], examined: 1 });
  });

  it("tasks/cancel of a task only later seen terminal is not a cancellation of a terminal task", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: TASKS })
      .request(1, "tools/call", { name: "scan", arguments: {}, task: {} }, C2S)
      .result(1, { task: task("t1", "working") }, S2C)
      .request(2, "tasks/cancel", { taskId: "t1" }, C2S)
      .notify("notifications/tasks/status", task("t1", "completed"), S2C)
      .error(2, -32602, undefined, S2C)
      .close().events;
    expect(judged("task.cancel-terminal-rejected", events)).toEqual({ findings: [], examined: 0 });
  });
});

describe("hostile task payloads", () => {
  it("never throws on task fields of the wrong shape", () => {
    const events = new TraceBuilder()
      .open()
      .handshake({ server: TASKS })
      .request(1, "tools/call", { name: "scan", arguments: {}, task: null, _meta: [] }, C2S)
      .result(1, { task: "t1", _meta: { "io.modelcontextprotocol/related-task": null } }, S2C)
      .request(2, "tasks/get", { taskId: { $gt: "" } }, C2S)
      .result(2, { taskId: 7, status: ["working"] }, S2C)
      .notify("notifications/tasks/status", null, S2C)
      .request(3, "tasks/list", undefined, C2S)
      .result(3, { tasks: [null, 1, "x", { taskId: "t2" }] }, S2C)
      .close().events;
    expect(() => judged("task.status-transitions-valid", events)).not.toThrow();
    expect(judged("task.task-id-string", events).findings.map((f) => f.seq)).toEqual([5]);
  });
});
