import { describe, expect, it } from "vitest";
import { base64Problem, mimeTypeProblem, uriProblem } from "./encoding.js";

describe("base64Problem", () => {
  it.each([
    "",
    "QQ==",
    "QUI=",
    "QUJD",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==",
  ])("accepts canonical base64 %j", (value) => expect(base64Problem(value)).toBeUndefined());

  it("rejects MIME-style line breaks, which RFC 4648 forbids", () => {
    expect(base64Problem("QUJD\nREVG")).toBe('character "\\n" at offset 4 is not in the base64 alphabet');
  });

  it("rejects characters outside the alphabet, padding in the middle and a ragged length", () => {
    expect(base64Problem("QU-D")).toBe('character "-" at offset 2 is not in the base64 alphabet');
    expect(base64Problem("QQ==QQ==")).toBe('character "=" at offset 2 is not in the base64 alphabet');
    expect(base64Problem("QUJDR")).toBe("its length 5 is not a multiple of 4");
    expect(base64Problem("Q===")).toBe('character "=" at offset 1 is not in the base64 alphabet');
  });

  it("rejects pad bits that a proper encoder leaves zero", () => {
    expect(base64Problem("QR==")).toBe('its last character "R" sets pad bits that must be zero');
    expect(base64Problem("QUJ=")).toBe('its last character "J" sets pad bits that must be zero');
  });

  it("scans a 1 MiB string in one pass", () => {
    const big = "QUJD".repeat(262_144);
    expect(base64Problem(big)).toBeUndefined();
    expect(base64Problem(`${big}!`)).toMatch(/offset 1048576/);
  });
});

describe("mimeTypeProblem", () => {
  it.each([
    "image/png",
    "audio/wav",
    "text/plain; charset=utf-8",
    "application/vnd.api+json",
    'text/plain;format="flowed"',
    "inode/directory",
  ])("accepts %j", (value) => expect(mimeTypeProblem(value)).toBeUndefined());

  it.each([
    ["", "it is empty"],
    ["png", 'it has no "/" between type and subtype'],
    ["audio wav", 'it has no "/" between type and subtype'],
    ["image/", 'its subtype "" is not a valid name'],
    ["/png", 'its type "" is not a valid name'],
    ["image/p ng", 'its subtype "p ng" is not a valid name'],
    ["text/plain; charset", 'its parameter "charset" is not name=value'],
  ])("rejects %j: %s", (value, why) => expect(mimeTypeProblem(value)).toBe(why));
});

describe("uriProblem", () => {
  it.each([
    "demo://resource/static/document/architecture.md",
    "file:///project/src/main.rs",
    "https://example.com:8443/a/b?c=d&e=%20f#frag",
    "urn:isbn:0451450523",
    "git://github.com/org/repo.git",
    "http://[::1]:3000/mcp",
    "mailto:user@example.com",
    "custom:",
  ])("accepts the RFC 3986 URI %j", (value) => expect(uriProblem(value)).toBeUndefined());

  it.each([
    ["resource 3", "it has no scheme"],
    ["/relative/path", "it has no scheme"],
    ["1abc://x", 'its scheme "1abc" is not a letter followed by letters, digits, "+", "-" or "."'],
    ["file:///My Documents/a.txt", 'character " " (a space) at offset 10 is not allowed in a URI'],
    ["file:///café.txt", 'character "é" at offset 11 is not allowed in a URI'],
    ["demo://x/%zz", '"%" at offset 9 does not start a percent-escape of two hex digits'],
    ["http://host:port/", 'its port "port" is not a number'],
    ["http://a@b@c/", 'character "@" at offset 10 is not allowed in a host'],
    ["http://[::1/", 'its IP literal at offset 7 has no closing "]"'],
    ["a:b#c#d", 'character "#" at offset 5 is not allowed in a URI'],
    ["file:/[draft]/notes", 'character "[" at offset 6 is not allowed in a URI'],
  ])("rejects %j: %s", (value, why) => expect(uriProblem(value)).toBe(why));
});
