import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, jsonEqual } from "./canonical-json.js";

/** A double from its IEEE 754 bit pattern, written as 16 hex digits as in RFC 8785 Appendix B. */
function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe("canonicalJson (RFC 8785)", () => {
  it("serialises the number vectors of RFC 8785 Appendix B", () => {
    const vectors: Array<[string, string]> = [
      ["0000000000000000", "0"],
      ["8000000000000000", "0"],
      ["0000000000000001", "5e-324"],
      ["8000000000000001", "-5e-324"],
      ["7fefffffffffffff", "1.7976931348623157e+308"],
      ["ffefffffffffffff", "-1.7976931348623157e+308"],
      ["4340000000000000", "9007199254740992"],
      ["c340000000000000", "-9007199254740992"],
      ["4430000000000000", "295147905179352830000"],
      ["44b52d02c7e14af5", "9.999999999999997e+22"],
      ["44b52d02c7e14af6", "1e+23"],
      ["44b52d02c7e14af7", "1.0000000000000001e+23"],
      ["444b1ae4d6e2ef4e", "999999999999999700000"],
      ["444b1ae4d6e2ef4f", "999999999999999900000"],
      ["444b1ae4d6e2ef50", "1e+21"],
      ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
      ["3eb0c6f7a0b5ed8d", "0.000001"],
      ["41b3de4355555553", "333333333.3333332"],
      ["41b3de4355555554", "333333333.33333325"],
      ["41b3de4355555555", "333333333.3333333"],
      ["41b3de4355555556", "333333333.3333334"],
      ["41b3de4355555557", "333333333.33333343"],
      ["becbf647612f3696", "-0.0000033333333333333333"],
      ["43143ff3c1cb0959", "1424953923781206.2"],
    ];
    for (const [bits, expected] of vectors) expect(canonicalJson(fromBits(bits)), bits).toBe(expected);
  });

  it("refuses NaN and Infinity (Appendix B's invalid vectors) and other non-JSON values", () => {
    expect(() => canonicalJson(fromBits("7fffffffffffffff"))).toThrow(TypeError);
    expect(() => canonicalJson(fromBits("7ff0000000000000"))).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cyclic/);
  });

  it("sorts keys by UTF-16 code units, as in the example of RFC 8785 section 3.2.3", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("canonicalises the sample of RFC 8785 section 3.2.2 (numbers, string escapes, literals)", () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("has no whitespace, leaves out undefined members, and is stable under key reordering", () => {
    expect(canonicalJson({ b: [1, { d: undefined, c: "x" }], a: null })).toBe('{"a":null,"b":[1,{"c":"x"}]}');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        const reversed = JSON.parse(JSON.stringify(value), (_key, inner) =>
          inner && typeof inner === "object" && !Array.isArray(inner)
            ? Object.fromEntries(Object.entries(inner).reverse())
            : inner,
        );
        expect(canonicalJson(reversed)).toBe(text);
      }),
    );
  });
});

describe("jsonEqual", () => {
  it('tells 1 from "1", null from absence, and arrays from objects', () => {
    expect(jsonEqual(1, "1")).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ 0: "a" }, ["a"])).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it("ignores key order and undefined members", () => {
    expect(jsonEqual({ a: 1, b: { c: [1, "x"] } }, { b: { c: [1, "x"] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual(0, -0)).toBe(true);
  });

  it("agrees with comparing canonical forms", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), (a, b) => {
        expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
        expect(jsonEqual(a, structuredClone(a))).toBe(true);
      }),
    );
  });
});
