import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { FORMATS } from "./formats.js";

const require = createRequire(import.meta.url);
const { fullFormats } = require("ajv-formats/dist/formats") as {
  fullFormats: Record<string, (value: string) => boolean>;
};

const SAMPLES = [
  "",
  "file:///tmp/a.txt",
  "https://example.com/a?b=c#d",
  "test://static/resource/1",
  "urn:isbn:0451450523",
  "relative/path",
  "no-scheme",
  "http://[::1]:8080/x",
  "ht tp://bad",
  "data:text/plain;base64,SGVsbG8=",
  "SGVsbG8=",
  "SGVsbG8",
  "SGVsbA==",
  "!!!!",
  "QUJD\n!!",
  "a".repeat(1000),
  "\u0000",
  "https://example.com/\u202e",
];

describe("schema formats copied from ajv-formats", () => {
  it.each(Object.keys(FORMATS))("judge %s exactly as ajv-formats does", (name) => {
    const ours = FORMATS[name]!;
    const theirs = fullFormats[name]!;
    for (const sample of SAMPLES) expect([sample, ours(sample)]).toEqual([sample, theirs(sample)]);
  });
});
