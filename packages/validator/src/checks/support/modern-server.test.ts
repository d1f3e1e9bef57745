import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { MODERN, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const probe = { jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: modernMeta({}) } };
const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: modernMeta({}) } });
const notFound = { jsonrpc: "2.0", id: "d", error: { code: -32601, message: "Method not found" } };
const modernList = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private", _meta: SERVER_META },
});

describe("clauses of a 2026-07-28 server wait until the server shows it is one", () => {
  it("a legacy server's -32601 to a probe is the spec's legacy signal: VER-003 examines nothing", () => {
    const trace = new TraceBuilder({ revision: MODERN }).open().client(probe).server(notFound).close();
    expect(judged("ver.discover-implemented", trace.events)).toEqual({ findings: [], examined: 0 });
  });

  it("a legacy server's -32000 and its result without resultType bind it to no modern clause", () => {
    const trace = new TraceBuilder({ revision: MODERN })
      .open()
      .client(probe)
      .server({ jsonrpc: "2.0", id: "d", error: { code: -32000, message: "Server not initialized" } })
      .client(list(1))
      .server({ jsonrpc: "2.0", id: 1, result: { tools: [] } })
      .close();
    expect(judged("modern.legacy-error-code", trace.events)).toEqual({ findings: [], examined: 0 });
    expect(judged("modern.result-type-present", trace.events)).toEqual({ findings: [], examined: 0 });
    expect(judged("meta.server-info-present", trace.events)).toEqual({ findings: [], examined: 0 });
  });

  it("once a result of the modern shape shows the server modern, what was held is judged", () => {
    const trace = new TraceBuilder({ revision: MODERN })
      .open()
      .client(probe)
      .server(notFound)
      .client(list(1))
      .server(modernList(1))
      .close();
    const { findings, examined } = judged("ver.discover-implemented", trace.events);
    expect(examined).toBe(1);
    expect(findings.map((f) => [f.seq, f.detail])).toEqual([
      [2, "the server answered server/discover with -32601 (method not found)"],
    ]);
  });
});
