import { describe, expect, it } from "vitest";
import { judged } from "../../../../test/support/judge.js";
import { type ModernPost, modernHttpSession } from "../../../../test/support/modern.js";

const CHECK = "shttp.tools-relisted-after-mismatch";
const list = (id: number): ModernPost => ({
  id,
  method: "tools/list",
  answer: { result: { resultType: "complete", tools: [] } },
});
const call = (id: number, to: string, refused: boolean): ModernPost => ({
  id,
  method: "tools/call",
  params: { name: "translate", arguments: { text: "hi", to } },
  requestHeaders: { "mcp-name": "translate" },
  ...(refused
    ? { status: 400, answer: { error: { code: -32020, message: "Header mismatch: Mcp-Param-To is missing" } } }
    : {}),
});

describe(`${CHECK} (TRAN-136)`, () => {
  it("passes a client that lists tools again before it retries a refused call", () => {
    expect(judged(CHECK, modernHttpSession([call(1, "de", true), list(2), call(3, "de", false)]))).toEqual({
      findings: [],
      examined: 1,
    });
  });

  it("warns a client that retries the same call without listing, not one that makes another call", () => {
    expect(judged(CHECK, modernHttpSession([call(1, "de", true), call(2, "fr", false)])).findings).toEqual([]);
    const retried = judged(CHECK, modernHttpSession([call(1, "de", true), call(2, "de", false)]));
    expect(retried.findings.map((f) => f.detail)).toEqual([
      'the client retried its "translate" call without listing tools after the server refused its Mcp-Param headers at seq 4',
    ]);
  });
});
