import { describe, expect, it } from "vitest";
import { encodeHeaderValue, isPlainHeaderSafe, readHeaderValue } from "./header-values.js";

describe("mirrored header values", () => {
  it("decodes every example of the specification's encoding table back to its original value", () => {
    const table: Array<[string, string]> = [
      ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
      [" padded ", "=?base64?IHBhZGRlZCA=?="],
      ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
      ["=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
    ];
    for (const [original, encoded] of table) {
      expect(encodeHeaderValue(original)).toBe(encoded);
      expect(readHeaderValue(encoded)).toEqual({ encoded: true, value: original });
      expect(isPlainHeaderSafe(original)).toBe(false);
    }
    expect(readHeaderValue("us-west1")).toEqual({ encoded: false, value: "us-west1" });
    expect(isPlainHeaderSafe("us-west1")).toBe(true);
  });

  it("takes the markers case-sensitively and reports Base64 that does not decode to UTF-8", () => {
    expect(readHeaderValue("=?BASE64?SGk=?=")).toEqual({ encoded: false, value: "=?BASE64?SGk=?=" });
    expect(readHeaderValue("=?base64?not base64!?=")).toEqual({ encoded: true, value: undefined });
    expect(readHeaderValue("=?base64?/w==?=")).toEqual({ encoded: true, value: undefined });
  });

  it("counts a value with a tab inside as plain, and one with a control character or an outer space as not", () => {
    expect(isPlainHeaderSafe("a\tb")).toBe(true);
    expect(isPlainHeaderSafe("")).toBe(true);
    expect(isPlainHeaderSafe("a\u0001b")).toBe(false);
    expect(isPlainHeaderSafe("a ")).toBe(false);
    expect(isPlainHeaderSafe("café")).toBe(false);
  });
});
