import { describe, expect, it } from "vitest";
import { examinedBy, findingsOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const CAPS = { sampling: {} };

/** A tools/call drawing a sampling input request with `messages`, and the retry answering it with `answer`. */
function round(messages: unknown[], answer: Record<string, unknown>) {
  const s = discovered(CAPS);
  const call = { name: "ask", arguments: {} };
  s.client({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: modernMeta(CAPS), ...call } });
  const ask = { method: "sampling/createMessage", params: { messages, maxTokens: 10 } };
  s.server({
    jsonrpc: "2.0",
    id: 1,
    result: { resultType: "input_required", _meta: SERVER_META, inputRequests: { q: ask } },
  });
  s.client({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { _meta: modernMeta(CAPS), ...call, inputResponses: { q: answer } },
  });
  return s
    .server({ jsonrpc: "2.0", id: 2, result: { resultType: "complete", _meta: SERVER_META, content: [] } })
    .close().events;
}
const text = { type: "text", text: "Hi" };
const reply = { role: "assistant", content: text, model: "m" };

describe("samp.message-role-content", () => {
  it("fails a sampling message whose role is neither user nor assistant, or that has no content", () => {
    const events = round([{ role: "system", content: text }, { role: "user" }], reply);
    expect(findingsOf("samp.message-role-content", events).map((f) => `${f.seq}: ${f.detail}`)).toEqual([
      '4: sampling message 0 has role "system", not "user" or "assistant"',
      "4: sampling message 1 has no content",
    ]);
  });

  it("fails a client result without a valid role, and passes a well-formed round", () => {
    const bad = round([{ role: "user", content: text }], { ...reply, role: "model" });
    expect(findingsOf("samp.message-role-content", bad).map((f) => `${f.seq}: ${f.detail}`)).toEqual([
      '5: the sampling result has role "model", not "user" or "assistant"',
    ]);
    const good = round([{ role: "user", content: text }], reply);
    expect(findingsOf("samp.message-role-content", good)).toEqual([]);
    expect(examinedBy("samp.message-role-content", good)).toBe(2);
  });
});
