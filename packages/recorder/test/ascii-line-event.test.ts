/**
 * The tap's fast path for ASCII JSON lines (`asciiMessageEvent`) gives exactly `buildLineEvent`'s event, key order
 * included, and `messageLineKind` sends only lines of ASCII bytes down it.
 */
import { describe, expect, it } from "vitest";
import { ASCII_JSON, NOT_JSON, OTHER_JSON } from "../src/json-bytes.js";
import { asciiMessageEvent, buildLineEvent, type LineRecord, messageLineKind } from "../src/line-event.js";

const ASCII_LINES = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}',
  '{"jsonrpc":"2.0","id":"a","result":{"content":[{"type":"text","text":"caf\\u00e9 \\"quoted\\" \\\\ \\n"}]}}',
  ' [1, -2.5e3, true, false, null, {"a": {}}] ',
  '"just a string"',
];

const record = (bytes: Buffer, at: number | undefined): LineRecord => ({
  seq: 7,
  at,
  direction: "server-to-client",
  transport: "stdio",
  bytes,
  length: bytes.length,
  truncated: false,
});

describe("the tap's event of an ASCII JSON line", () => {
  it("is buildLineEvent's, with and without a timestamp, read from within a larger buffer", () => {
    for (const text of ASCII_LINES) {
      const source = Buffer.from(`xx${text}yy`);
      const end = source.length - 2;
      expect(messageLineKind(source, 2, end, false)).toBe(ASCII_JSON);
      for (const at of [undefined, Date.UTC(2026, 0, 2, 3, 4, 5, 6)]) {
        const line = record(source.subarray(2, end), at);
        const fast = asciiMessageEvent(line, source, 2, end);
        expect(fast).toEqual(buildLineEvent(line));
        expect(JSON.stringify(fast)).toBe(JSON.stringify(buildLineEvent(line)));
      }
    }
  });

  it("is taken only for ASCII: other valid UTF-8 JSON, invalid bytes, a carriage return or a cut line are not", () => {
    const kind = (bytes: Buffer, truncated = false) => messageLineKind(bytes, 0, bytes.length, truncated);
    expect(kind(Buffer.from('{"text":"café"}'))).toBe(OTHER_JSON);
    expect(kind(Buffer.from([0x22, 0xe7, 0x22]))).toBe(NOT_JSON);
    expect(kind(Buffer.from('{"a":1}\r'))).toBe(NOT_JSON);
    expect(kind(Buffer.from('{"a":1}'), true)).toBe(NOT_JSON);
    expect(kind(Buffer.from("not json"))).toBe(NOT_JSON);
  });
});
