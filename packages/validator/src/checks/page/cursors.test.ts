import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";

const TOOL = { name: "echo", inputSchema: { type: "object" } };

describe("page.cursor-from-server (PAGE-006)", () => {
  it("passes a cursor the server gave, even one it gave for another list", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {}, prompts: {} } });
    s.ask("tools/list").answer({ tools: [TOOL], nextCursor: "c1" });
    s.ask("tools/list", { cursor: "c1" }).answer({ tools: [] });
    s.ask("prompts/list", { cursor: "c1" }).fail(-32602, "Invalid cursor");
    const report = reportOf(s);
    expect(findingLines(report, "page.cursor-from-server")).toEqual([]);
    expect(outcomeOf(report, "PAGE-006")).toBe("pass");
  });

  it("fails a cursor sent before the server issued it", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    const id = s.ask("tools/list", { cursor: "c1" }).lastId;
    const seq = s.events.length - 1;
    s.server({ jsonrpc: "2.0", id, result: { tools: [TOOL], nextCursor: "c1" } });
    expect(findingLines(reportOf(s), "page.cursor-from-server")).toEqual([
      `${seq}: tools/list request carries cursor "c1", which the server never issued in this session`,
    ]);
  });

  it("leaves tasks/list cursors to the tasks page's own clause", () => {
    const s = new TraceBuilder().open().handshake({ server: { tasks: { list: {} } } });
    s.ask("tasks/list", { cursor: "made-up" }).answer({ tasks: [] });
    expect(findingLines(reportOf(s), "page.cursor-from-server")).toEqual([]);
  });
});

describe("page.invalid-cursor-rejected (PAGE-007) and page.invalid-cursor-answered (PAGE-003)", () => {
  it("wants error -32602 for a cursor issued for another list, and says nothing about cursors the list issued", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {}, prompts: {} } });
    s.ask("tools/list").answer({ tools: [TOOL], nextCursor: "c1" });
    s.ask("tools/list", { cursor: "c1" }).answer({ tools: [] });
    const seq = s.ask("prompts/list", { cursor: "c1" }).fail(-32603, "boom").last;
    const report = reportOf(s);
    expect(findingLines(report, "page.invalid-cursor-rejected")).toEqual([
      `${seq}: prompts/list request with cursor "c1", which the server never issued for this list, was answered with error -32603, not error -32602`,
    ]);
    expect(outcomeOf(report, "PAGE-003")).toBe("pass");
  });

  it("judges an invalid cursor left unanswered only at the end, under PAGE-003", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list", { cursor: "nope" });
    const report = reportOf(s);
    expect(findingLines(report, "page.invalid-cursor-answered")).toEqual([
      '4: tools/list request with cursor "nope", which the server never issued for this list, was never answered',
    ]);
    expect(outcomeOf(report, "PAGE-007")).toBe("not-observed");
  });
});
