import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback.js";

describe("isLoopbackHost", () => {
  it("takes localhost and every *.localhost name as this machine", () => {
    for (const host of ["localhost", "LOCALHOST", "localhost.", "app.localhost", "a.b.localhost"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("takes every spelling of 127.0.0.0/8 and ::1, bracketed or not", () => {
    for (const host of ["127.0.0.1", "127.255.0.9", "127.1", "0x7f.0.0.1", "::1", "[::1]", "0:0:0:0:0:0:0:1"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("takes an IPv4-mapped loopback address, as written and as a URL's hostname spells it", () => {
    for (const host of ["::ffff:127.0.0.1", "[::ffff:127.0.0.1]", "::FFFF:127.9.9.9", "[::ffff:7f00:1]"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    expect(isLoopbackHost(new URL("http://[::ffff:127.0.0.1]:4318/v1/traces").hostname)).toBe(true);
  });

  it("refuses everything else", () => {
    const others = ["0.0.0.0", "::", "128.0.0.1", "10.0.0.1", "::ffff:10.0.0.1", "::2", "localhost.example", "", "a b"];
    for (const host of others) expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackHost("evil-localhost")).toBe(false);
    expect(isLoopbackHost("127.0.0.1.example")).toBe(false);
  });
});
