import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";
import { headerAnnotationsOf } from "./header-annotations.js";

const listing = (id: number, tools: unknown[]) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_META, tools, ttlMs: 0, cacheScope: "private" },
});
const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: modernMeta({}) } });
const tool = (properties: Record<string, unknown>, name = "t") => ({
  name,
  inputSchema: { type: "object", properties },
});

describe("headerAnnotationsOf", () => {
  it("finds annotations through properties as reachable, through anything else as not", () => {
    const found = headerAnnotationsOf(
      tool({
        a: { type: "object", properties: { b: { type: "string", "x-mcp-header": "B" } } },
        c: { type: "array", items: { type: "string", "x-mcp-header": "C" } },
        d: { anyOf: [{ type: "string", "x-mcp-header": "D" }] },
      }),
    );
    expect(found.map((a) => [a.path.join("."), a.reachable])).toEqual([
      ["properties.a.properties.b", true],
      ["properties.c.items", false],
      ["properties.d.anyOf.0", false],
    ]);
  });
});

describe("x-mcp-header constraints on listed tools (TOOL-019…026)", () => {
  it("passes valid annotations, a nullable primitive included", () => {
    const s = discovered({});
    s.client(list(1)).server(
      listing(1, [
        tool({
          region: { type: ["string", "null"], "x-mcp-header": "Region" },
          n: { type: "integer", "x-mcp-header": "N" },
        }),
      ]),
    );
    const report = reportOf(s);
    for (const id of ["TOOL-020", "TOOL-021", "TOOL-022", "TOOL-023", "TOOL-024", "TOOL-026", "TOOL-019"])
      expect(outcomeOf(report, id), id).toBe("pass");
  });

  it("fails a repeated name, ignoring case, at the second annotation", () => {
    const s = discovered({});
    s.client(list(1)).server(
      listing(1, [
        tool({ a: { type: "string", "x-mcp-header": "Zone" }, b: { type: "string", "x-mcp-header": "zone" } }),
      ]),
    );
    expect(findingLines(reportOf(s), "tool.header-name-unique")).toEqual([
      '4: tool "t": the x-mcp-header at properties.b repeats "Zone" (at properties.a), ignoring case',
    ]);
  });

  it("fails an object-typed parameter and leaves an untyped one alone", () => {
    const s = discovered({});
    s.client(list(1)).server(
      listing(1, [tool({ a: { type: "object", "x-mcp-header": "A" }, b: { "x-mcp-header": "B" } })]),
    );
    expect(findingLines(reportOf(s), "tool.header-param-primitive")).toEqual([
      '4: tool "t": the x-mcp-header at properties.a annotates a parameter of type "object", not integer, string or boolean',
    ]);
  });
});

describe("tool.deterministic-order (TOOL-018)", () => {
  it("warns the same tools in another order, not a changed set", () => {
    const s = discovered({});
    s.client(list(1)).server(listing(1, [tool({}, "a"), tool({}, "b")]));
    s.client(list(2)).server(listing(2, [tool({}, "a"), tool({}, "c")]));
    s.client(list(3)).server(listing(3, [tool({}, "c"), tool({}, "a")]));
    expect(findingLines(reportOf(s), "tool.deterministic-order")).toEqual([
      '8: tools/list returned the same tools as at seq 6 in another order: "c", "a"',
    ]);
  });
});
