import { describe, expect, it } from "vitest";
import { mixedToolResultMessage, orphanToolResult, unansweredToolUse } from "./sampling-messages.js";

const use = (id: string) => ({ type: "tool_use", id, name: "w", input: {} });
const result = (id: string) => ({ type: "tool_result", toolUseId: id, content: [] });

describe("sampling tool loops", () => {
  it("accepts a single tool result given as one content block, not an array", () => {
    const messages = [
      { role: "assistant", content: use("a") },
      { role: "user", content: result("a") },
    ];
    expect([unansweredToolUse(messages), mixedToolResultMessage(messages), orphanToolResult(messages)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("finds a tool use left as the last message", () => {
    expect(unansweredToolUse([{ role: "assistant", content: [use("a")] }])?.problem).toMatch(/last message/);
  });

  it("finds a tool use answered by an assistant message", () => {
    const messages = [
      { role: "assistant", content: [use("a")] },
      { role: "assistant", content: [result("a")] },
    ];
    expect(unansweredToolUse(messages)?.index).toBe(0);
  });

  it("finds a tool result that answers a tool use only made later", () => {
    const messages = [
      { role: "user", content: [result("a")] },
      { role: "assistant", content: [use("a")] },
    ];
    expect(orphanToolResult(messages)).toEqual({ index: 0, toolUseId: "a" });
  });

  it("names every other content type mixed with tool results, once", () => {
    const messages = [
      {
        role: "user",
        content: [
          { type: "text", text: "x" },
          result("a"),
          { type: "image", data: "", mimeType: "image/png" },
          { type: "text", text: "y" },
        ],
      },
    ];
    expect(mixedToolResultMessage(messages)).toEqual({ index: 0, others: ["text", "image"] });
  });

  it("skips hostile messages without throwing", () => {
    const messages = [
      null,
      7,
      "x",
      { content: null },
      { role: "assistant", content: [null, 1, use("a")] },
      { role: "user", content: [result("a")] },
    ];
    expect([unansweredToolUse(messages), orphanToolResult(messages)]).toEqual([undefined, undefined]);
  });
});
