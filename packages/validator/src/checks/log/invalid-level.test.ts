import { describe, expect, it } from "vitest";
import { examinedBy, findingLines, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const call = (id: number, level: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { _meta: modernMeta({}, { "io.modelcontextprotocol/logLevel": level }), name: "t", arguments: {} },
});
const done = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_META, content: [] },
});
const refused = (id: number) => ({ jsonrpc: "2.0", id, error: { code: -32602, message: "Invalid log level" } });

describe("log.invalid-level-rejected (LOG-018)", () => {
  it("fails a request with an unknown level that was served, passes one that was rejected and a known level", () => {
    const s = discovered({}, { logging: {} });
    s.client(call(1, "verbose")).server(done(1));
    s.client(call(2, "verbose")).server(refused(2));
    s.client(call(3, "warning")).server(done(3));
    const report = reportOf(s);
    expect(findingLines(report, "log.invalid-level-rejected")).toEqual([
      '4: the server served "tools/call" (id 1) whose _meta logLevel "verbose" is no recognised log level, instead of rejecting it',
    ]);
    expect(examinedBy("log.invalid-level-rejected", s.events)).toBe(3);
  });
});
