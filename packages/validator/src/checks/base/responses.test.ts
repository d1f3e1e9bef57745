import { describe, expect, it } from "vitest";
import { error, findingsOf, request, result, TestTrace } from "./test-trace.js";

describe("base.error-id-matches", () => {
  it("accepts an error without an id after the client sent something unreadable", () => {
    const t = new TestTrace().open().handshake().raw("client-to-server", "{not json").s(error(null, -32603)).close();
    expect(findingsOf("base.error-id-matches", t.events)).toEqual([]);
  });

  it("accepts an error without an id that carries the parse-error code", () => {
    const t = new TestTrace()
      .open()
      .handshake()
      .s(error(null, -32700, "Parse error"))
      .close();
    expect(findingsOf("base.error-id-matches", t.events)).toEqual([]);
  });

  it("reports an error without an id when nothing unreadable came before it", () => {
    const t = new TestTrace().open().handshake().s(error(null, -32603)).close();
    const findings = findingsOf("base.error-id-matches", t.events);
    expect(findings.map((f) => f.seq)).toEqual([4]);
    expect(findings[0]?.detail).toContain("nothing unreadable was sent to it");
  });

  it("reports an error whose id matches a request of its own side, not the other's", () => {
    const t = new TestTrace().open().handshake().s(request(5, "ping")).s(error(5, -32603)).close();
    expect(findingsOf("base.error-id-matches", t.events).map((f) => f.seq)).toEqual([5]);
  });
});

describe("base.error-code-integer and base.error-object", () => {
  it("reports a fractional code but leaves a missing code to the error-object check", () => {
    const t = new TestTrace()
      .open()
      .handshake()
      .c(request(1, "x/a"))
      .s(error(1, -32000.5))
      .c(request(2, "x/b"))
      .s({ jsonrpc: "2.0", id: 2, error: { message: "no code" } })
      .close();
    expect(findingsOf("base.error-code-integer", t.events).map((f) => f.seq)).toEqual([5]);
    expect(findingsOf("base.error-object", t.events).map((f) => f.seq)).toEqual([7]);
  });
});

describe("base.result-is-object", () => {
  it("reports arrays and null as results, not empty objects", () => {
    const t = new TestTrace()
      .open()
      .handshake()
      .c(request(1, "x/a"))
      .s(result(1, []))
      .c(request(2, "x/b"))
      .s(result(2, null))
      .c(request(3, "x/c"))
      .s(result(3, {}))
      .close();
    expect(findingsOf("base.result-is-object", t.events).map((f) => f.seq)).toEqual([5, 7]);
  });
});
