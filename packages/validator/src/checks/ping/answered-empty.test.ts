import { describe, expect, it } from "vitest";
import { error, findingsOf, request, result, TestTrace } from "../base/test-trace.js";

describe("ping.answered-empty", () => {
  it("accepts an empty result with _meta and reports errors and content", () => {
    const t = new TestTrace()
      .open()
      .handshake()
      .c(request(1, "ping"))
      .s(result(1, { _meta: { "com.example/at": 1 } }))
      .s(request(2, "ping"))
      .c(error(2, -32603))
      .c(request(3, "ping"))
      .s(result(3, { pong: true }))
      .close();
    expect(findingsOf("ping.answered-empty", t.events).map((f) => [f.seq, f.detail])).toEqual([
      [7, "the client answered ping 2 with an error, not an empty result"],
      [9, 'the server answered ping 3 with a non-empty result ("pong")'],
    ]);
  });
});
