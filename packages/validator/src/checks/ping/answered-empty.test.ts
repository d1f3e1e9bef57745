import { error, request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";

describe("ping.answered-empty", () => {
  it("accepts an empty result with _meta and reports errors and content", () => {
    const t = new TraceBuilder()
      .open()
      .handshake()
      .client(request(1, "ping"))
      .server(result(1, { _meta: { "com.example/at": 1 } }))
      .server(request(2, "ping"))
      .client(error(2, -32603))
      .client(request(3, "ping"))
      .server(result(3, { pong: true }))
      .close();
    expect(findingsOf("ping.answered-empty", t.events).map((f) => [f.seq, f.detail])).toEqual([
      [7, "the client answered ping 2 with an error, not an empty result"],
      [9, 'the server answered ping 3 with a non-empty result ("pong")'],
    ]);
  });
});
