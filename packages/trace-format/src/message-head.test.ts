import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readMessageHead } from "./message-head.js";

describe("readMessageHead", () => {
  it("reads id and method from the start of a cut request, in any member order", () => {
    expect(readMessageHead('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"a":"xx')).toEqual({
      id: 12,
      method: "tools/call",
    });
    expect(readMessageHead('{ "method" : "tools/call", "params": {"x": [1, {"y": "}"}]}, "id": "a\\"b", "p')).toEqual({
      id: 'a"b',
      method: "tools/call",
    });
  });

  it("reads the id of a cut response", () => {
    expect(readMessageHead('{"jsonrpc":"2.0","id":"r-1","result":{"content":[{"text":"aaa')).toEqual({ id: "r-1" });
  });

  it("does not read a value the cut reached: a number may have lost digits, a string its end", () => {
    expect(readMessageHead('{"jsonrpc":"2.0","id":12')).toEqual({});
    expect(readMessageHead('{"jsonrpc":"2.0","method":"tools/ca')).toEqual({});
    expect(readMessageHead('{"params":{"a":1},"id":5')).toEqual({});
  });

  it("gives nothing for what is not the start of an object, or an id that is no string or number", () => {
    expect(readMessageHead('[{"id":1,"method":"ping"}')).toEqual({});
    expect(readMessageHead("not json")).toEqual({});
    expect(readMessageHead('{"id":null,"method":"x","p')).toEqual({ method: "x" });
    expect(readMessageHead('{"id":{"a":1},"p')).toEqual({});
  });

  it("agrees with JSON.parse on every prefix of a whole message, and never throws", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer()),
        fc.string(),
        fc.jsonValue(),
        fc.nat(),
        (id, method, params, cutAt) => {
          const text = JSON.stringify({ jsonrpc: "2.0", id, method, params });
          const whole = readMessageHead(text);
          expect(whole).toEqual({ id, method });
          const head = readMessageHead(text.slice(0, cutAt % (text.length + 1)));
          if (head.id !== undefined) expect(head.id).toEqual(id);
          if (head.method !== undefined) expect(head.method).toEqual(method);
        },
      ),
    );
  });
});
