import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeTerminal } from "./safe-text.js";

const ESCAPED_RANGES: Array<[number, number]> = [
  [0x0000, 0x001f],
  [0x007f, 0x007f],
  [0x0080, 0x009f],
  [0x061c, 0x061c],
  [0x200b, 0x200f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0xd800, 0xdfff],
];

const isEscaped = (code: number) => ESCAPED_RANGES.some(([low, high]) => code >= low && code <= high);

describe("escapeTerminal", () => {
  it("escapes every code point of every listed range as \\u{hex}, lower-case and unpadded", () => {
    for (const [low, high] of ESCAPED_RANGES) {
      for (let code = low; code <= high; code++) {
        const character = String.fromCharCode(code);
        expect(escapeTerminal(`a${character}b`), code.toString(16)).toBe(`a\\u{${code.toString(16)}}b`);
      }
    }
    expect(escapeTerminal("\u001b[31m")).toBe("\\u{1b}[31m");
    expect(escapeTerminal("\u202e")).toBe("\\u{202e}");
    expect(escapeTerminal("\u0000")).toBe("\\u{0}");
  });

  it("keeps every other code point of the Basic Multilingual Plane as it is", () => {
    for (let code = 0; code <= 0xffff; code++) {
      if (isEscaped(code)) continue;
      const character = String.fromCharCode(code);
      if (escapeTerminal(character) !== character) expect.fail(`U+${code.toString(16)} was changed`);
    }
  });

  it("keeps surrogate pairs (emoji) and escapes only lone halves", () => {
    expect(escapeTerminal("ok 😀 ✓")).toBe("ok 😀 ✓");
    expect(escapeTerminal("\ud83d\ude00\ud83d")).toBe("😀\\u{d83d}");
    expect(escapeTerminal("\ude00\ud83d\ude00")).toBe("\\u{de00}😀");
  });

  it("leaves a backslash as it is", () => {
    expect(escapeTerminal("C:\\path\\u{1b}")).toBe("C:\\path\\u{1b}");
  });

  it("returns plain printable ASCII unchanged (the same string)", () => {
    const text = "tools/call name=echo";
    expect(escapeTerminal(text)).toBe(text);
  });

  it("never lets an escaped character through, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = escapeTerminal(text);
        for (let i = 0; i < escaped.length; i++) {
          const code = escaped.charCodeAt(i);
          if (code >= 0xd800 && code <= 0xdbff) {
            const next = escaped.charCodeAt(i + 1);
            expect(next >= 0xdc00 && next <= 0xdfff).toBe(true);
            i++;
            continue;
          }
          expect(isEscaped(code)).toBe(false);
        }
      }),
    );
  });
});
