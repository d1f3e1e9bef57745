import { describe, expect, it } from "vitest";
import { NextHopError, parseNextHop } from "./next-hop-address.js";

describe("parseNextHop", () => {
  it("takes an http(s) URL and NAME=VALUE headers", () => {
    expect(parseNextHop("http://127.0.0.1:4318", ["x-team=gateways"])).toEqual({
      url: "http://127.0.0.1:4318/",
      headers: { "x-team": "gateways" },
    });
  });

  it("refuses another scheme, a non-URL and a bad header in one line naming the value", () => {
    expect(() => parseNextHop("ftp://collector")).toThrow(
      new NextHopError('--next-hop "ftp://collector": not http(s)'),
    );
    expect(() => parseNextHop("collector:4318/")).toThrow(NextHopError);
    expect(() => parseNextHop("nope")).toThrow(new NextHopError('--next-hop "nope": not a URL'));
    expect(() => parseNextHop("http://c", ["novalue"])).toThrow(
      /^--next-hop "http:\/\/c": --otlp-header: expected NAME=VALUE/,
    );
  });
});
