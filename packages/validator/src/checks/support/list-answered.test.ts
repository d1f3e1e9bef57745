import { describe, expect, it } from "vitest";
import { examinedBy, findingsOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

/** A 2026 session in which the server declares `capabilities` and answers `method` with `answer`. */
function answered(capabilities: Record<string, unknown>, method: string, answer: Record<string, unknown>) {
  const s = discovered({}, capabilities);
  s.client({ jsonrpc: "2.0", id: 1, method, params: { _meta: modernMeta({}) } });
  return s.server({ jsonrpc: "2.0", id: 1, ...answer }).close().events;
}
const NOT_FOUND = { error: { code: -32601, message: "Method not found" } };

describe("tool/res/prom.list-answered", () => {
  it("fails a declared feature whose list method is answered as unknown", () => {
    const events = answered({ prompts: {} }, "prompts/list", NOT_FOUND);
    expect(findingsOf("prom.list-answered", events).map((f) => `${f.seq}: ${f.detail}`)).toEqual([
      '4: the server declared the "prompts" capability but answered "prompts/list" with -32601 (Method not found)',
    ]);
  });

  it("passes a listing or another error, and does not judge a feature the server did not declare", () => {
    const listed = {
      result: { resultType: "complete", _meta: SERVER_META, resources: [], ttlMs: 0, cacheScope: "private" },
    };
    expect(findingsOf("res.list-answered", answered({ resources: {} }, "resources/list", listed))).toEqual([]);
    const cursor = { error: { code: -32602, message: "Invalid cursor" } };
    expect(findingsOf("tool.list-answered", answered({ tools: {} }, "tools/list", cursor))).toEqual([]);
    const undeclared = answered({}, "tools/list", NOT_FOUND);
    expect(findingsOf("tool.list-answered", undeclared)).toEqual([]);
    expect(examinedBy("tool.list-answered", undeclared)).toBe(0);
  });
});

describe("res.not-found-code", () => {
  it("fails a resources/read answered with the withdrawn -32002 and passes -32602", () => {
    const read = (code: number) => {
      const s = discovered({}, { resources: {} });
      s.client({
        jsonrpc: "2.0",
        id: 1,
        method: "resources/read",
        params: { _meta: modernMeta({}), uri: "file:///x" },
      });
      return s.server({ jsonrpc: "2.0", id: 1, error: { code, message: "Resource not found" } }).close().events;
    };
    expect(findingsOf("res.not-found-code", read(-32002)).map((f) => f.seq)).toEqual([4]);
    expect(findingsOf("res.not-found-code", read(-32602))).toEqual([]);
  });
});
