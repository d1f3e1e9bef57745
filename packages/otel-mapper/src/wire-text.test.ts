import { describe, expect, it } from "vitest";
import { scrubDetail, spanFindingsFromLive } from "./findings.js";
import { describeJsonRpcError, jsonRpcErrorName } from "./jsonrpc-errors.js";
import { uriUpToPath } from "./resource-uri.js";
import { cut } from "./text-limits.js";
import { parseRfc3339Nanos } from "./time.js";
import { parseTraceparent, remoteParentOf } from "./trace-context.js";

describe("resource URI up to its path", () => {
  it("drops userinfo, query and fragment and keeps the rest byte for byte", () => {
    expect(uriUpToPath("https://u:p@host.example:8443/a/b%20c?sig=x#f")).toBe("https://host.example:8443/a/b%20c");
    expect(uriUpToPath("postgres://admin:hunter2@db/customers/schema")).toBe("postgres://db/customers/schema");
    expect(uriUpToPath("file:///home/user/report.pdf")).toBe("file:///home/user/report.pdf");
    expect(uriUpToPath("ui://widget/x@y?token=1")).toBe("ui://widget/x@y");
    expect(uriUpToPath("urn:isbn:0451450523#ch1")).toBe("urn:isbn:0451450523");
  });

  it("bounds a huge URI", () => {
    expect(uriUpToPath(`file:///${"a".repeat(5000)}`).length).toBeLessThan(1100);
  });
});

describe("cut", () => {
  it("leaves short text alone and never splits a surrogate pair", () => {
    expect(cut("abc", 3)).toBe("abc");
    expect(cut("ab😀", 3)).toBe("ab…[cut]");
  });
});

describe("JSON-RPC error names", () => {
  it("names the standard and MCP codes and classes the rest", () => {
    expect(describeJsonRpcError(-32602)).toBe("JSON-RPC error -32602 (invalid params)");
    expect(jsonRpcErrorName(-32002)).toBe("resource not found");
    expect(jsonRpcErrorName(-32050)).toBe("server error");
    expect(jsonRpcErrorName(-32500)).toBe("reserved error");
    expect(jsonRpcErrorName(42)).toBe("application error");
    expect(describeJsonRpcError(undefined)).toBe("JSON-RPC error (no integer code)");
  });
});

describe("RFC 3339 times", () => {
  it("keeps nanoseconds and applies offsets", () => {
    expect(parseRfc3339Nanos("1970-01-01T00:00:01.000000123Z")).toBe(1_000_000_123n);
    expect(parseRfc3339Nanos("1970-01-01T01:00:00+01:00")).toBe(0n);
    expect(parseRfc3339Nanos("2026-11-30T06:00:00.5Z")).toBe(
      BigInt(Date.UTC(2026, 10, 30, 6)) * 1_000_000n + 500_000_000n,
    );
  });

  it("rejects what is not RFC 3339", () => {
    for (const bad of ["yesterday", "2026-11-30", "2026-13-01T00:00:00Z", "2026-11-30T06:00:00"]) {
      expect(parseRfc3339Nanos(bad), bad).toBeUndefined();
    }
  });
});

describe("W3C traceparent", () => {
  it("accepts version 00 exactly and a later version with extra fields", () => {
    expect(parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")).toEqual({
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      parentSpanId: "00f067aa0ba902b7",
      traceFlags: 1,
    });
    expect(parseTraceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-extra")?.traceFlags).toBe(0);
    expect(parseTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra")).toBeUndefined();
    expect(parseTraceparent(42)).toBeUndefined();
  });

  it("carries a printable tracestate and drops one with control characters", () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    expect(remoteParentOf({ _meta: { traceparent, tracestate: "a=1,b=2" } })?.traceState).toBe("a=1,b=2");
    expect(remoteParentOf({ _meta: { traceparent, tracestate: "a=\u001b[31m" } })?.traceState).toBeUndefined();
    expect(remoteParentOf({ traceparent })).toBeUndefined();
  });
});

describe("finding details", () => {
  it("cut a quoted URI to its path, so a presigned URI's credential never leaves through a detail", () => {
    expect(scrubDetail('resource URI "https://u:pw@b.example/x.pdf?X-Amz-Signature=abc" is not valid: bad')).toBe(
      'resource URI "https://b.example/x.pdf" is not valid: bad',
    );
    expect(scrubDetail('resource URI "https://exa mple.com/?sig=SECRET" is not an RFC 3986 URI')).toBe(
      'resource URI "https://exa mple.com/" is not an RFC 3986 URI',
    );
    expect(scrubDetail("see https://h.example/p?token=SECRET then")).toBe("see https://h.example/p then");
    expect(scrubDetail('tool name "weather lookup,v2!" has " ,!"')).toBe('tool name "weather lookup,v2!" has " ,!"');
    expect(scrubDetail('root URI "file:///home/a" is fine; seq 5: ok')).toBe(
      'root URI "file:///home/a" is fine; seq 5: ok',
    );
  });
});

describe("live findings", () => {
  it("become span findings at the revision they were judged at", () => {
    const [f] = spanFindingsFromLive([
      {
        requirement: "TOOL-006",
        level: "SHOULD",
        outcome: "warn",
        revision: "2025-11-25",
        check: "tool.name-charset",
        seq: 5,
        detail: "d",
        url: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
      },
    ]);
    expect(f).toEqual({
      requirementId: "TOOL-006",
      level: "SHOULD",
      outcome: "warn",
      revision: "2025-11-25",
      specUrl: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
      check: "tool.name-charset",
      detail: "d",
      seq: 5,
    });
  });
});
