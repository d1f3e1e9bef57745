import { describe, expect, it } from "vitest";
import { C2S, judged, S2C, TestSession } from "./test-session.js";

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
    const events = new TestSession({}, TASKS)
      .request(C2S, 1, "tools/call", { name: "scan", arguments: {} })
      .result(S2C, 1, { content: [] })
      .request(C2S, 2, "tools/list")
      .result(S2C, 2, TOOLS)
      .close();
    const server = judged("task.required-task-call-rejected", events);
    expect(server.findings.map((f) => f.seq)).toEqual([5]);
    // The client could not know the tool required a task: it is not judged.
    expect(judged("task.required-tool-called-as-task", events).examined).toBe(0);
  });

  it("does not judge tool support when the server declared no task support for tools/call", () => {
    const events = new TestSession({}, { tools: {} })
      .request(C2S, 1, "tools/list")
      .result(S2C, 1, TOOLS)
      .request(C2S, 2, "tools/call", { name: "scan", arguments: {} })
      .result(S2C, 2, { content: [] })
      .close();
    expect(judged("task.required-tool-called-as-task", events)).toEqual({ findings: [], examined: 0 });
  });
});

describe("task status", () => {
  it("lets a non-terminal task move anywhere and holds a terminal one to its status", () => {
    const events = new TestSession({}, TASKS)
      .request(C2S, 1, "tools/call", { name: "scan", arguments: {}, task: {} })
      .result(S2C, 1, { task: task("t1", "working") })
      .notify(S2C, "notifications/tasks/status", task("t1", "input_required"))
      .notify(S2C, "notifications/tasks/status", task("t1", "working"))
      .request(C2S, 2, "tasks/list")
      .result(S2C, 2, { tasks: [task("t1", "cancelled")] })
      .request(C2S, 3, "tasks/get", { taskId: "t1" })
      .result(S2C, 3, task("t1", "cancelled"))
      .request(C2S, 4, "tasks/get", { taskId: "t1" })
      .result(S2C, 4, task("t1", "completed"))
      .close();
    expect(judged("task.status-transitions-valid", events).findings.map((f) => f.seq)).toEqual([13]);
  });

  it("counts a tasks/result already open when the task turns input_required as the requestor's answer", () => {
    const events = new TestSession({}, TASKS)
      .request(C2S, 1, "tools/call", { name: "scan", arguments: {}, task: {} })
      .result(S2C, 1, { task: task("t1", "working") })
      .request(C2S, 2, "tasks/result", { taskId: "t1" })
      .notify(S2C, "notifications/tasks/status", task("t1", "input_required"))
      .close();
    expect(judged("task.input-required-prompts-result", events)).toEqual({ findings: [], examined: 1 });
  });

  it("tasks/cancel of a task only later seen terminal is not a cancellation of a terminal task", () => {
    const events = new TestSession({}, TASKS)
      .request(C2S, 1, "tools/call", { name: "scan", arguments: {}, task: {} })
      .result(S2C, 1, { task: task("t1", "working") })
      .request(C2S, 2, "tasks/cancel", { taskId: "t1" })
      .notify(S2C, "notifications/tasks/status", task("t1", "completed"))
      .error(S2C, 2, -32602)
      .close();
    expect(judged("task.cancel-terminal-rejected", events)).toEqual({ findings: [], examined: 0 });
  });
});

describe("hostile task payloads", () => {
  it("never throws on task fields of the wrong shape", () => {
    const events = new TestSession({}, TASKS)
      .request(C2S, 1, "tools/call", { name: "scan", arguments: {}, task: null, _meta: [] })
      .result(S2C, 1, { task: "t1", _meta: { "io.modelcontextprotocol/related-task": null } })
      .request(C2S, 2, "tasks/get", { taskId: { $gt: "" } })
      .result(S2C, 2, { taskId: 7, status: ["working"] })
      .notify(S2C, "notifications/tasks/status", null)
      .request(C2S, 3, "tasks/list")
      .result(S2C, 3, { tasks: [null, 1, "x", { taskId: "t2" }] })
      .close();
    expect(() => judged("task.status-transitions-valid", events)).not.toThrow();
    expect(judged("task.task-id-string", events).findings.map((f) => f.seq)).toEqual([5]);
  });
});
