import { describe, expect, it } from "vitest";
import {
  OtlpConfigError,
  parseLogsProtocol,
  parseOtlpHeader,
  parseOtlpHeaders,
  plaintextCollectorWarning,
  resolveTracesUrl,
} from "./otlp-endpoint.js";

describe("--otlp URL", () => {
  it("appends /v1/traces to a base URL and keeps a full traces URL as it is", () => {
    expect(resolveTracesUrl("http://localhost:4318")).toBe("http://localhost:4318/v1/traces");
    expect(resolveTracesUrl("http://localhost:4318/")).toBe("http://localhost:4318/v1/traces");
    expect(resolveTracesUrl("https://otel.example.com/tenant-1")).toBe("https://otel.example.com/tenant-1/v1/traces");
    expect(resolveTracesUrl("http://127.0.0.1:4318/v1/traces")).toBe("http://127.0.0.1:4318/v1/traces");
  });

  it("refuses what is not an http(s) URL, and credentials in the URL, with a one-line error", () => {
    for (const bad of ["localhost:4318", "ftp://host/", "not a url", "http://user:pw@host:4318"]) {
      expect(() => resolveTracesUrl(bad), bad).toThrow(OtlpConfigError);
    }
    expect(() => resolveTracesUrl("nope")).toThrow(/^--otlp: not a URL: "nope"$/);
  });
});

describe("--otlp-header", () => {
  it("splits NAME=VALUE at the first equals sign; a later value for a name wins", () => {
    expect(parseOtlpHeader("authorization=Bearer a=b")).toEqual(["authorization", "Bearer a=b"]);
    expect(parseOtlpHeaders(["x-a=1", "x-b=2", "x-a=3"])).toEqual({ "x-a": "3", "x-b": "2" });
  });

  it("refuses a value without a name, a bad header name, or a line break", () => {
    for (const bad of ["novalue", "=v", "bad name=v", "x-a=1\r\nx-injected: 1"]) {
      expect(() => parseOtlpHeader(bad), bad).toThrow(OtlpConfigError);
    }
  });
});

describe("clear-text warning", () => {
  it("warns for an http:// collector that is not this machine, naming what would travel unencrypted", () => {
    const warning = plaintextCollectorWarning("http://collector.example.com:4318/v1/traces");
    expect(warning).toContain("collector.example.com:4318");
    expect(warning).toMatch(/method and tool names, resource URIs, session ids, error codes and findings/);
    expect(plaintextCollectorWarning("http://10.1.2.3:4318/v1/traces")).toBeDefined();
  });

  it("stays quiet for https:// and for loopback collectors", () => {
    expect(plaintextCollectorWarning("https://collector.example.com/v1/traces")).toBeUndefined();
    const loopback = [
      "http://localhost:4318/v1/traces",
      "http://app.localhost:4318/v1/traces",
      "http://127.0.0.5:4318/v1/traces",
      "http://[::1]:4318/",
      "http://[::ffff:127.0.0.1]:4318/",
    ];
    for (const url of loopback) expect(plaintextCollectorWarning(url), url).toBeUndefined();
    expect(plaintextCollectorWarning("http://128.0.0.1:4318/")).toBeDefined();
    expect(plaintextCollectorWarning("http://[::ffff:10.0.0.1]:4318/")).toBeDefined();
  });
});

describe("the pieces `watch --otlp URL --otlp-header K=V` takes", () => {
  it("resolve the URL and headers, and give the clear-text warning for a remote http:// collector", () => {
    const local = resolveTracesUrl("http://127.0.0.1:4318");
    expect(local).toBe("http://127.0.0.1:4318/v1/traces");
    expect(parseOtlpHeaders(["x-a=1"])).toEqual({ "x-a": "1" });
    expect(plaintextCollectorWarning(local)).toBeUndefined();
    const remote = resolveTracesUrl("http://collector.example.com:4318");
    expect(plaintextCollectorWarning(remote)).toMatch(/^warning: the OTLP collector collector\.example\.com:4318/);
  });

  it("refuse a bad header before anything starts", () => {
    expect(() => parseOtlpHeaders(["nope"])).toThrow(OtlpConfigError);
  });
});

describe("parseLogsProtocol", () => {
  it("is http/protobuf unless http/json is asked for, and refuses anything else in one line", () => {
    expect(parseLogsProtocol(undefined)).toBe("http/protobuf");
    expect(parseLogsProtocol("http/json")).toBe("http/json");
    expect(() => parseLogsProtocol("grpc")).toThrow(
      new OtlpConfigError('--otlp-logs-protocol must be http/protobuf or http/json, got "grpc"'),
    );
  });
});
