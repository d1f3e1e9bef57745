import { describe, expect, it } from "vitest";
import { findingsOf, outcomeOf, SessionFixture } from "./session-fixture.js";

const TOOL = { name: "echo", inputSchema: { type: "object" } };

describe("page.cursor-from-server (PAGE-006)", () => {
  it("passes a cursor the server gave, even one it gave for another list", () => {
    const s = new SessionFixture({ tools: {}, prompts: {} });
    s.result("tools/list", undefined, { tools: [TOOL], nextCursor: "c1" });
    s.result("tools/list", { cursor: "c1" }, { tools: [] });
    s.error("prompts/list", { cursor: "c1" }, -32602, "Invalid cursor");
    const report = s.judge();
    expect(findingsOf(report, "page.cursor-from-server")).toEqual([]);
    expect(outcomeOf(report, "PAGE-006")).toBe("pass");
  });

  it("fails a cursor sent before the server issued it", () => {
    const s = new SessionFixture({ tools: {} });
    const id = s.ask("tools/list", { cursor: "c1" });
    const seq = s.events.length - 1;
    s.server({ jsonrpc: "2.0", id, result: { tools: [TOOL], nextCursor: "c1" } });
    expect(findingsOf(s.judge(), "page.cursor-from-server")).toEqual([
      `${seq}: tools/list request carries cursor "c1", which the server never issued in this session`,
    ]);
  });

  it("leaves tasks/list cursors to the tasks page's own clause", () => {
    const s = new SessionFixture({ tasks: { list: {} } });
    s.result("tasks/list", { cursor: "made-up" }, { tasks: [] });
    expect(findingsOf(s.judge(), "page.cursor-from-server")).toEqual([]);
  });
});

describe("page.invalid-cursor-rejected (PAGE-007) and page.invalid-cursor-answered (PAGE-003)", () => {
  it("wants error -32602 for a cursor issued for another list, and says nothing about cursors the list issued", () => {
    const s = new SessionFixture({ tools: {}, prompts: {} });
    s.result("tools/list", undefined, { tools: [TOOL], nextCursor: "c1" });
    s.result("tools/list", { cursor: "c1" }, { tools: [] });
    const seq = s.error("prompts/list", { cursor: "c1" }, -32603, "boom");
    const report = s.judge();
    expect(findingsOf(report, "page.invalid-cursor-rejected")).toEqual([
      `${seq}: prompts/list request with cursor "c1", which the server never issued for this list, was answered with error -32603, not error -32602`,
    ]);
    expect(outcomeOf(report, "PAGE-003")).toBe("pass");
  });

  it("judges an invalid cursor left unanswered only at the end, under PAGE-003", () => {
    const s = new SessionFixture({ tools: {} });
    s.ask("tools/list", { cursor: "nope" });
    const report = s.judge();
    expect(findingsOf(report, "page.invalid-cursor-answered")).toEqual([
      '4: tools/list request with cursor "nope", which the server never issued for this list, was never answered',
    ]);
    expect(outcomeOf(report, "PAGE-007")).toBe("not-observed");
  });
});
