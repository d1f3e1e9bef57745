import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered } from "../../../test/support/modern.js";

const CHECK = "tran.stdio-no-client-responses";

describe(`${CHECK} (TRAN-120)`, () => {
  it("passes a client that writes requests only", () => {
    expect(judged(CHECK, discovered({}).close().events)).toEqual({ findings: [], examined: 1 });
  });

  it("fails a client that writes a result to the server's stdin", () => {
    const trace = discovered({}).client({ jsonrpc: "2.0", id: "d", result: { resultType: "complete" } });
    const { findings } = judged(CHECK, trace.close().events);
    expect(findings.map((f) => f.detail)).toEqual([
      "the client wrote a JSON-RPC result response to the server's stdin",
    ]);
  });
});
