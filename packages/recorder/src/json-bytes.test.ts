import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASCII_JSON, isJsonLine, jsonLineKind, NOT_JSON, OTHER_JSON } from "./json-bytes.js";

/** The answer the file sink used to get from decoding the line and calling JSON.parse. */
function byParsing(bytes: Buffer): boolean {
  const text = bytes.toString("utf8");
  if (text.includes("\r")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const agree = (text: string) => {
  const bytes = Buffer.from(text, "utf8");
  expect(isJsonLine(bytes), JSON.stringify(text)).toBe(byParsing(bytes));
};

/** Characters that matter to the grammar, so random strings hit its edges often. */
const GRAMMAR = [...'{}[]":,0123456789.eE+-truefalsn \t\r\n\\u/bfAF\u0001\u001f\u007f\u00e9\u4e2d'];
const grammarText = fc.array(fc.constantFrom(...GRAMMAR), { maxLength: 40 }).map((cs) => cs.join(""));

/** A valid text with one edit: a character dropped, doubled, or replaced by one of GRAMMAR. */
const edited = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom(...GRAMMAR), fc.constantFrom("drop", "double", "replace"))
  .map(([text, at, c, how]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === "drop") return text.slice(0, i) + text.slice(i + 1);
    if (how === "double") return text.slice(0, i + 1) + text.slice(i);
    return text.slice(0, i) + c + text.slice(i + 1);
  });

describe("isJsonLine", () => {
  it("accepts exactly the texts JSON.parse accepts (and none with a carriage return)", () => {
    fc.assert(fc.property(fc.json(), agree), { numRuns: 500 });
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, "\t"), (v, indent) =>
        agree(JSON.stringify(v, null, indent)),
      ),
      { numRuns: 300 },
    );
    fc.assert(fc.property(edited, agree), { numRuns: 3000 });
    fc.assert(fc.property(grammarText, agree), { numRuns: 3000 });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => agree(JSON.stringify(s))),
      { numRuns: 300 },
    );
  });

  it("finds what ends a long string wherever it lies, at any alignment (the word-at-a-time scan)", () => {
    const stops = ['"', "\\", "\u0000", "\u0001", "\t", "\u001f", "\u007f", "\u00e9", "\u4e2d", " ", "\\n", "\\u00zz"];
    fc.assert(
      fc.property(
        fc.nat(3),
        fc.integer({ min: 30, max: 200 }),
        fc.nat(),
        fc.constantFrom(...stops),
        (pad, length, at, stop) => {
          const content = "x".repeat(length);
          const i = at % (length + 1);
          const text = `${" ".repeat(pad)}{"k":"${content.slice(0, i)}${stop}${content.slice(i)}"}`;
          // A fresh buffer at an offset of its own, so the scan starts at every alignment.
          const bytes = Buffer.alloc(Buffer.byteLength(text) + pad);
          bytes.write(text, pad);
          expect(isJsonLine(bytes.subarray(pad)), JSON.stringify(text)).toBe(byParsing(bytes.subarray(pad)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("tells JSON of ASCII bytes only from JSON holding other bytes, in any span of a buffer", () => {
    const text = fc.oneof(
      fc.json(),
      grammarText,
      fc.string({ unit: "grapheme" }).map((s) => JSON.stringify(s.repeat(9))),
    );
    fc.assert(
      fc.property(text, fc.nat(7), fc.nat(7), (t, before, after) => {
        const bytes = Buffer.concat([Buffer.alloc(before, 0xe9), Buffer.from(t), Buffer.alloc(after, 0xe9)]);
        const line = bytes.subarray(before, bytes.length - after);
        const expected = !byParsing(line) ? NOT_JSON : line.every((b) => b < 0x80) ? ASCII_JSON : OTHER_JSON;
        expect(jsonLineKind(bytes, before, bytes.length - after), JSON.stringify(t)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("decides the edges of the grammar as JSON.parse does", () => {
    for (const text of [
      "",
      " ",
      "0",
      "-0",
      "01",
      "-",
      "1.",
      ".5",
      "1e",
      "1e+",
      "1E-7",
      "+1",
      "tru",
      "true ",
      "nulls",
      '"\\u12"',
      '"\\u12g4"',
      '"\\x"',
      '"a\tb"',
      '"a\u007fb"',
      '"\\',
      '{"a" : 1 , "b":[ ] }',
      '{"a":1,}',
      "[1,]",
      "[,1]",
      "{,}",
      '{"a"}',
      '{"a":}',
      "[] []",
      "\t[]\n",
      " [1]\r",
      "\ufeff{}",
      "[".repeat(127) + "]".repeat(127),
      "[".repeat(127) + "]".repeat(126),
    ])
      agree(text);
  });

  it("refuses a message nested deeper than a trace line may be (what is recorded can be read)", () => {
    expect(isJsonLine(Buffer.from("[".repeat(127) + "]".repeat(127)))).toBe(true);
    expect(isJsonLine(Buffer.from("[".repeat(128) + "]".repeat(128)))).toBe(false);
    expect(isJsonLine(Buffer.from("[".repeat(5000) + "]".repeat(5000)))).toBe(false);
  });
});
