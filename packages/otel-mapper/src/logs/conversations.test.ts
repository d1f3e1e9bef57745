import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { Conversations } from "./conversations.js";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
let seq = 0;
const message = (direction: TraceEvent["direction"], payload: object): TraceEvent => ({
  seq: seq++,
  direction,
  transport: "streamable-http",
  kind: "message",
  payload: { jsonrpc: "2.0", ...payload },
});
const call = (id: number, token?: string) =>
  message("client-to-server", {
    id,
    method: "tools/call",
    params: {
      name: "slow",
      _meta: { traceparent: `00-${TRACE}-00f067aa0ba902b7-01`, ...(token ? { progressToken: token } : {}) },
    },
  });
const progress = (token: string) =>
  message("server-to-client", { method: "notifications/progress", params: { progressToken: token, progress: 1 } });

describe("the conversation of each message", () => {
  it("gives a request's progress, its cancellation and its answer the request's conversation", () => {
    const conversations = new Conversations();
    expect(conversations.of(call(1, "tok-1"))).toBe(`w3c-${TRACE}`);
    expect(conversations.of(progress("tok-1"))).toBe(`w3c-${TRACE}`);
    expect(
      conversations.of(message("client-to-server", { method: "notifications/cancelled", params: { requestId: 1 } })),
    ).toBe(`w3c-${TRACE}`);
    expect(conversations.of(message("server-to-client", { id: 1, result: {} }))).toBe(`w3c-${TRACE}`);
    // Answered: the token and the id belong to nothing any more.
    expect(conversations.of(progress("tok-1"))).toBeUndefined();
    expect(conversations.of(message("server-to-client", { id: 1, result: {} }))).toBeUndefined();
  });

  it("leaves a progress token no request gave, a server's own request and a request without trace context alone", () => {
    const conversations = new Conversations();
    expect(conversations.of(progress("never-given"))).toBeUndefined();
    expect(conversations.of(message("server-to-client", { id: 9, method: "ping" }))).toBeUndefined();
    expect(conversations.of(message("client-to-server", { id: 2, method: "tools/list" }))).toBeUndefined();
  });

  it("forgets the oldest open request past its limit", () => {
    const conversations = new Conversations(2);
    for (const id of [1, 2, 3]) conversations.of(call(id, `t${id}`));
    expect(conversations.of(progress("t1"))).toBeUndefined();
    expect(conversations.of(progress("t3"))).toBe(`w3c-${TRACE}`);
  });
});
