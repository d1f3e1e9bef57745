import { describe, expect, it } from "vitest";
import { judged } from "../../../../test/support/judge.js";
import { type ModernPost, modernHttpSession } from "../../../../test/support/modern.js";

const CHECK = "shttp.no-fallback-after-modern-error";
const refused = (code: number): ModernPost => ({
  id: 1,
  method: "tools/list",
  status: 400,
  answer: { error: { code, message: "refused" } },
});
const initialize: ModernPost = {
  id: 2,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
};

describe(`${CHECK} (TRAN-138)`, () => {
  it("passes a client that stays modern after a 400 with a modern error", () => {
    expect(judged(CHECK, modernHttpSession([refused(-32022), { id: 2, method: "tools/list" }]))).toEqual({
      findings: [],
      examined: 1,
    });
  });

  it("warns a client that falls back to initialize after one, but not after a 400 with another error", () => {
    expect(judged(CHECK, modernHttpSession([refused(-32021), initialize])).findings.map((f) => f.detail)).toEqual([
      "the client fell back to initialize after the 400 at seq 4, whose body is the modern error -32021",
    ]);
    expect(judged(CHECK, modernHttpSession([refused(-32602), initialize]))).toEqual({ findings: [], examined: 0 });
  });
});
