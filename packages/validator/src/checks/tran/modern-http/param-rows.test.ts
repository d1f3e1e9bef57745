import { describe, expect, it } from "vitest";
import { judged } from "../../../../test/support/judge.js";
import { type ModernPost, modernHttpSession } from "../../../../test/support/modern.js";

const weather = {
  name: "weather",
  inputSchema: { type: "object", properties: { region: { type: ["string", "null"], "x-mcp-header": "Region" } } },
};
const listing: ModernPost = {
  id: 1,
  method: "tools/list",
  answer: { result: { resultType: "complete", tools: [weather] } },
};
const call = (args: Record<string, unknown>): ModernPost => ({
  id: 2,
  method: "tools/call",
  params: { name: "weather", arguments: args },
  requestHeaders: { "mcp-name": "weather", "mcp-param-region": "eu" },
});

describe("the Server Behavior table's client rows (TRAN-112, TRAN-113)", () => {
  it("lays a header for a null argument on the null row only", () => {
    const events = modernHttpSession([listing, call({ region: null })]);
    expect(judged("shttp.null-param-header-omitted", events).findings).toHaveLength(1);
    expect(judged("shttp.missing-param-header-omitted", events)).toEqual({ findings: [], examined: 0 });
  });

  it("lays a header for an argument left out on the absent row only", () => {
    const events = modernHttpSession([listing, call({})]);
    expect(judged("shttp.missing-param-header-omitted", events).findings).toHaveLength(1);
    expect(judged("shttp.null-param-header-omitted", events)).toEqual({ findings: [], examined: 0 });
  });
});
