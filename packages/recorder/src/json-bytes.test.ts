import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonLine } from "./json-bytes.js";

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
      "[".repeat(5000) + "]".repeat(5000),
      "[".repeat(5000) + "]".repeat(4999),
    ])
      agree(text);
  });
});
