import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const call = (id: number, capabilities: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { _meta: modernMeta(capabilities, extra), name: "t", arguments: {} },
});
const done = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_META, content: [] },
});

describe("depr.* (DEPR-001…004): a warning for each side's first use of a deprecated feature", () => {
  it("passes a session that uses none, and warns once per side, naming the deprecation", () => {
    const clean = discovered({ elicitation: {} })
      .client(call(1, { elicitation: {} }))
      .server(done(1));
    expect(outcomeOf(reportOf(clean), "DEPR-002")).toBe("pass");

    const s = discovered({ roots: {} });
    s.client(call(1, { roots: {} }));
    const inputs = { r: { method: "roots/list", params: {} } };
    s.server({
      jsonrpc: "2.0",
      id: 1,
      result: { resultType: "input_required", _meta: SERVER_META, inputRequests: inputs },
    });
    const at = s.last;
    s.client(call(2, { roots: {} })).server(done(2));
    const report = reportOf(s);
    expect(findingLines(report, "depr.roots-used")).toEqual([
      '1: the "server/discover" request declares the "roots" capability: Roots is deprecated as of 2026-07-28 (SEP-2577); pass directories or files via tool parameters, resource URIs, or server configuration',
      `${at}: the server's input request "r" is "roots/list": Roots is deprecated as of 2026-07-28 (SEP-2577); pass directories or files via tool parameters, resource URIs, or server configuration`,
    ]);
    expect(outcomeOf(report, "DEPR-002")).toBe("warn");
    expect(outcomeOf(report, "DEPR-003")).toBe("pass");
  });

  it("warns a server that declares logging and a client that asks for log messages", () => {
    const s = discovered({}, { tools: {}, logging: {} });
    s.client(call(1, {}, { "io.modelcontextprotocol/logLevel": "info" })).server(done(1));
    expect(findingLines(reportOf(s), "depr.logging-used").map((line) => line.split(":")[0])).toEqual(["2", "3"]);
  });
});
