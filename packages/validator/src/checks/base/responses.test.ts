import { error, request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";

describe("base.error-id-matches", () => {
  it("accepts an error without an id after the client sent something unreadable", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .raw("client-to-server", "{not json")
      .server(error(null, -32603))
      .close();
    expect(findingsOf("base.error-id-matches", t.events)).toEqual([]);
  });

  it("accepts an error without an id that carries the parse-error code", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .server(error(null, -32700, "Parse error"))
      .close();
    expect(findingsOf("base.error-id-matches", t.events)).toEqual([]);
  });

  it("reports an error without an id when nothing unreadable came before it", () => {
    const t = new TraceBuilder().open().handshake().server(error(null, -32603)).close();
    const findings = findingsOf("base.error-id-matches", t.events);
    expect(findings.map((f) => f.seq)).toEqual([4]);
    expect(findings[0]?.detail).toContain("nothing unreadable was sent to it");
  });

  it("reports an error whose id matches a request of its own side, not the other's", () => {
    const t = new TraceBuilder().open().handshake().server(request(5, "ping")).server(error(5, -32603)).close();
    expect(findingsOf("base.error-id-matches", t.events).map((f) => f.seq)).toEqual([5]);
  });
});

describe("base.error-code-integer and base.error-object", () => {
  it("reports a fractional code but leaves a missing code to the error-object check", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .client(request(1, "x/a"))
      .server(error(1, -32000.5))
      .client(request(2, "x/b"))
      .server({ jsonrpc: "2.0", id: 2, error: { message: "no code" } })
      .close();
    expect(findingsOf("base.error-code-integer", t.events).map((f) => f.seq)).toEqual([5]);
    expect(findingsOf("base.error-object", t.events).map((f) => f.seq)).toEqual([7]);
  });
});

describe("base.result-is-object", () => {
  it("reports arrays and null as results, not empty objects", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .client(request(1, "x/a"))
      .server(result(1, []))
      .client(request(2, "x/b"))
      .server(result(2, null))
      .client(request(3, "x/c"))
      .server(result(3, {}))
      .close();
    expect(findingsOf("base.result-is-object", t.events).map((f) => f.seq)).toEqual([5, 7]);
  });
});
