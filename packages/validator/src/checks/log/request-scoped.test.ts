import { describe, expect, it } from "vitest";
import { findingLines, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const LEVEL = { "io.modelcontextprotocol/logLevel": "info" };
const call = (id: number, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { _meta: modernMeta({}, extra), name: "t", arguments: {} },
});
const done = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", _meta: SERVER_META, content: [] },
});
const log = (meta?: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  method: "notifications/message",
  params: { ...(meta ? { _meta: meta } : {}), level: "info", data: "x" },
});

describe("log.message-requested (LOG-016)", () => {
  it("passes a log message while a request asking for them is in flight, fails one after it was answered", () => {
    const s = discovered({}, { logging: {} });
    s.client(call(1, LEVEL)).server(log()).server(done(1)).server(log());
    expect(findingLines(reportOf(s), "log.message-requested")).toEqual([
      '6: notifications/message while no request in flight carries _meta "io.modelcontextprotocol/logLevel"',
    ]);
  });

  it("fails a log message during a request that did not ask for them", () => {
    const s = discovered({}, { logging: {} });
    s.client(call(1)).server(log()).server(done(1));
    expect(findingLines(reportOf(s), "log.message-requested")).toHaveLength(1);
  });
});

describe("log.message-not-on-subscription (LOG-017)", () => {
  it("fails a log message carrying a subscription id, passes one that carries none", () => {
    const s = discovered({}, { logging: {} });
    s.client(call(1, LEVEL))
      .server(log({ "io.modelcontextprotocol/subscriptionId": 1 }))
      .server(log())
      .server(done(1));
    expect(findingLines(reportOf(s), "log.message-not-on-subscription")).toEqual([
      "4: notifications/message delivered on the subscriptions/listen stream 1",
    ]);
  });
});
