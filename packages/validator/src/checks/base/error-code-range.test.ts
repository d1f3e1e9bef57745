import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";
import { discovered, modernMeta } from "../../../test/support/modern.js";

/** A 2026 session whose tools/list is answered with an error of this code. */
function rejected(code: number) {
  const s = discovered({});
  s.client({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: modernMeta({}) } });
  return s.server({ jsonrpc: "2.0", id: 1, error: { code, message: "Failed" } }).close().events;
}

describe("base.error-code-outside-reserved", () => {
  it("warns a code of the JSON-RPC reserved range that neither JSON-RPC nor MCP defines", () => {
    for (const code of [-32768, -32701, -32650, -32500, -32100]) {
      expect(findingsOf("base.error-code-outside-reserved", rejected(code)).map((f) => f.detail)).toEqual([
        `the server sent error ${code}, in the JSON-RPC reserved range -32768…-32000 but neither a JSON-RPC code nor one MCP defines`,
      ]);
    }
  });

  it("leaves JSON-RPC's codes, MCP's sub-range (judged by its own clauses) and application codes alone", () => {
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32099, -32021, -32000, -32769, -1, 42]) {
      expect(findingsOf("base.error-code-outside-reserved", rejected(code))).toEqual([]);
    }
  });
});
