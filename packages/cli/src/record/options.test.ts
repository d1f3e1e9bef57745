import { describe, expect, it } from "vitest";
import { parseListen, parseMaxMessageBytes } from "./options.js";

describe("parseListen", () => {
  it("reads HOST:PORT, [IPv6]:PORT, :PORT, PORT and HOST", () => {
    expect(parseListen("0.0.0.0:3000")).toEqual({ host: "0.0.0.0", port: 3000 });
    expect(parseListen("[::1]:3000")).toEqual({ host: "::1", port: 3000 });
    expect(parseListen(":39121")).toEqual({ host: "127.0.0.1", port: 39121 });
    expect(parseListen("39121")).toEqual({ host: "127.0.0.1", port: 39121 });
    expect(parseListen("localhost")).toEqual({ host: "localhost", port: 8080 });
    expect(parseListen("127.0.0.1:0")).toEqual({ host: "127.0.0.1", port: 0 });
  });

  it("refuses a colon with no port after it, rather than taking a random port", () => {
    for (const bad of ["127.0.0.1:", "[::1]:", ":", "127.0.0.1:x", "127.0.0.1:70000", "::1"]) {
      expect(() => parseListen(bad), bad).toThrow(`--listen ${JSON.stringify(bad)} is not`);
    }
  });
});

describe("parseMaxMessageBytes", () => {
  it("takes a positive whole number and quotes anything else back", () => {
    expect(parseMaxMessageBytes("4096")).toBe(4096);
    for (const bad of ["abc", "0", "-1", "1.5", "", "1e3"]) {
      expect(() => parseMaxMessageBytes(bad), bad).toThrow(`not ${JSON.stringify(bad)}`);
    }
  });
});
