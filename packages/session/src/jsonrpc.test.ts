import { isPlainObject } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyMessage, jsonTypeOf } from "./jsonrpc.js";

describe("classifyMessage", () => {
  it("classifies well-formed requests, notifications, results and errors with no problems", () => {
    expect(classifyMessage({ jsonrpc: "2.0", id: 0, method: "ping" })).toMatchObject({
      type: "request",
      id: 0,
      method: "ping",
      problems: [],
    });
    expect(classifyMessage({ jsonrpc: "2.0", method: "notifications/initialized" })).toMatchObject({
      type: "notification",
      problems: [],
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: "a", result: {} })).toMatchObject({
      type: "result",
      id: "a",
      problems: [],
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: 1, error: { code: 1, message: "x" } })).toMatchObject({
      type: "error",
      id: 1,
      problems: [],
    });
  });

  it("keeps the role of a message with a defect and records the defect", () => {
    const wrongVersion = classifyMessage({ jsonrpc: "1.0", id: 1, method: "ping" });
    expect(wrongVersion.type).toBe("request");
    expect(wrongVersion.problems).toEqual(['"jsonrpc" must be "2.0", got "1.0"']);
    const scalarParams = classifyMessage({ jsonrpc: "2.0", method: "x", params: 3 });
    expect(scalarParams.type).toBe("notification");
    expect(scalarParams.problems).toEqual(['"params" must be an object, got number']);
    const noId = classifyMessage({ jsonrpc: "2.0", result: {} });
    expect(noId).toMatchObject({ type: "result", id: null, problems: ['a response must carry an "id"'] });
  });

  it("calls a message invalid when its role cannot be told", () => {
    expect(classifyMessage([1]).type).toBe("invalid");
    expect(classifyMessage("hello").problems).toEqual(["a JSON-RPC message must be an object, got string"]);
    expect(classifyMessage({ jsonrpc: "2.0", method: 5 }).type).toBe("invalid");
    expect(classifyMessage({ jsonrpc: "2.0", id: null, method: "ping" }).type).toBe("invalid");
    expect(classifyMessage({ jsonrpc: "2.0", id: {}, method: "ping" }).type).toBe("invalid");
    expect(classifyMessage({ jsonrpc: "2.0", id: 1, result: {}, error: {} }).type).toBe("invalid");
    expect(classifyMessage({ jsonrpc: "2.0", id: 1 }).type).toBe("invalid");
  });

  it("shortens long strings in problems", () => {
    const [problem] = classifyMessage({ jsonrpc: "x".repeat(100), method: "m" }).problems;
    expect(problem).toBe(`"jsonrpc" must be "2.0", got "${"x".repeat(40)}…"`);
  });

  it("never throws and always keeps the raw value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const message = classifyMessage(value);
        expect(message.raw).toBe(value);
        expect(Array.isArray(message.problems)).toBe(true);
      }),
    );
  });
});

describe("JSON type helpers", () => {
  it("names JSON types and recognises plain objects", () => {
    expect([null, [], {}, 1, "s", true].map(jsonTypeOf)).toEqual([
      "null",
      "array",
      "object",
      "number",
      "string",
      "boolean",
    ]);
    expect([null, [], {}, 1].map(isPlainObject)).toEqual([false, false, true, false]);
  });
});
