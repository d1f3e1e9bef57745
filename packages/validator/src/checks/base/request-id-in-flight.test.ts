import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { modernHttpSession } from "../../../test/support/modern.js";

const CHECK = "modern.request-id-unique-in-flight";
const CHALLENGE = { "www-authenticate": 'Bearer resource_metadata="https://mcp.example.com/.well-known/x", scope="a"' };
const listed = { result: { resultType: "complete", tools: [] } };

describe(`${CHECK} over streamable HTTP (BASE-037)`, () => {
  it("lets a client send a request again under its id after the server refused its POST with no answer", () => {
    const events = modernHttpSession([
      { id: 1, method: "tools/list", status: 401, headers: CHALLENGE, answer: null },
      { id: 1, method: "tools/list", answer: listed },
      { id: 1, method: "tools/list", answer: listed },
    ]);
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 3 });
  });

  it("counts a refusal that carries a JSON-RPC error once", () => {
    const error = { error: { code: -32602, message: "Invalid params" } };
    const events = modernHttpSession([
      { id: 1, method: "tools/list", status: 400, answer: error },
      { id: 2, method: "tools/list", status: 200, answer: null },
      { id: 1, method: "tools/list", answer: listed },
      { id: 2, method: "tools/list", answer: listed },
    ]);
    expect(judged(CHECK, events).findings.map((f) => [f.seq, f.detail])).toEqual([
      [13, "the client reused id 2 while a request with that id still awaited its answer"],
    ]);
  });
});
