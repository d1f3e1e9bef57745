import { describe, expect, it } from "vitest";
import { findingLines, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const ask = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { _meta: modernMeta({}), ...params },
});
const ok = (id: number, result: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_META, ttlMs: 0, cacheScope: "private", ...result },
});
const LISTED = { resources: [{ uri: "file:///a.txt", name: "a" }] };

describe("res.no-empty-contents-for-missing (RES-015)", () => {
  it("fails empty contents for a URI never listed, passes it for a listed one, and judges nothing when templates exist", () => {
    const s = discovered({}, { resources: {} });
    s.client(ask(1, "resources/list")).server(ok(1, LISTED));
    s.client(ask(2, "resources/read", { uri: "file:///a.txt" })).server(ok(2, { contents: [] }));
    s.client(ask(3, "resources/read", { uri: "file:///b.txt" })).server(ok(3, { contents: [] }));
    expect(findingLines(reportOf(s), "res.no-empty-contents-for-missing")).toEqual([
      '8: resources/read of "file:///b.txt", which the server\'s resource listings never held, was answered with an empty contents array instead of an error',
    ]);
    const t = discovered({}, { resources: {} });
    t.client(ask(1, "resources/list")).server(ok(1, LISTED));
    t.client(ask(2, "resources/templates/list")).server(
      ok(2, { resourceTemplates: [{ uriTemplate: "file:///{p}", name: "f" }] }),
    );
    t.client(ask(3, "resources/read", { uri: "file:///b.txt" })).server(ok(3, { contents: [] }));
    expect(findingLines(reportOf(t), "res.no-empty-contents-for-missing")).toEqual([]);
  });
});
