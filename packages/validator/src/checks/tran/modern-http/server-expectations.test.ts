import { describe, expect, it } from "vitest";
import { judged } from "../../../../test/support/judge.js";
import { type ModernPost, modernHttpSession } from "../../../../test/support/modern.js";

const weather = {
  name: "weather",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string" },
      region: { type: ["string", "null"], "x-mcp-header": "Region" },
      days: { type: "integer", "x-mcp-header": "Days" },
    },
  },
};
const listing: ModernPost = {
  id: 1,
  method: "tools/list",
  answer: { result: { resultType: "complete", tools: [weather] } },
};
const mismatch = { error: { code: -32020, message: "Header mismatch" } };
const call = (args: Record<string, unknown>, headers: Record<string, string>, refused: boolean): ModernPost => ({
  id: 2,
  method: "tools/call",
  params: { name: "weather", arguments: args },
  requestHeaders: { "mcp-name": "weather", ...headers },
  ...(refused ? { status: 400, answer: mismatch } : {}),
});

describe("shttp.null-param-header-not-expected (TRAN-112)", () => {
  const CHECK = "shttp.null-param-header-not-expected";
  it("passes a server that serves a call leaving a null annotated argument without its header", () => {
    const events = modernHttpSession([
      listing,
      call({ city: "Oslo", region: null, days: 2 }, { "mcp-param-days": "2" }, false),
    ]);
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
  });
  it("fails a server that refuses it as a HeaderMismatch", () => {
    const events = modernHttpSession([
      listing,
      call({ city: "Oslo", region: null, days: 2 }, { "mcp-param-days": "2" }, true),
    ]);
    expect(judged(CHECK, events).findings).toHaveLength(1);
    expect(judged("shttp.missing-param-header-not-expected", events).examined).toBe(0);
  });
});

describe("shttp.missing-param-header-not-expected (TRAN-113)", () => {
  it("fails a server that refuses a call whose annotated argument is absent, and so its header", () => {
    const events = modernHttpSession([
      listing,
      call({ city: "Oslo", region: "eu" }, { "mcp-param-region": "eu" }, true),
    ]);
    expect(judged("shttp.missing-param-header-not-expected", events).findings).toHaveLength(1);
    expect(judged("shttp.null-param-header-not-expected", events).examined).toBe(0);
  });
});

describe("shttp.integer-params-compared-numerically (TRAN-116)", () => {
  const CHECK = "shttp.integer-params-compared-numerically";
  const args = { city: "Oslo", region: "eu", days: 5 };
  it("examines a call with an integer header and passes the server that serves 5.0 for 5", () => {
    const events = modernHttpSession([
      listing,
      call(args, { "mcp-param-region": "eu", "mcp-param-days": "5.0" }, false),
    ]);
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
  });
  it("warns a server that refuses 5.0 for 5, but not one that refuses a different number", () => {
    const same = modernHttpSession([listing, call(args, { "mcp-param-region": "eu", "mcp-param-days": "5.0" }, true)]);
    expect(judged(CHECK, same).findings).toHaveLength(1);
    const other = modernHttpSession([listing, call(args, { "mcp-param-region": "eu", "mcp-param-days": "6" }, true)]);
    expect(judged(CHECK, other)).toEqual({ findings: [], examined: 1 });
  });
});
