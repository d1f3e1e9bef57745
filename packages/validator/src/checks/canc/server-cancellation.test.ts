import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, modernHttpSession, modernMeta, SERVER_META } from "../../../test/support/modern.js";

type Session = ReturnType<typeof discovered>;
const on = (id: number) => ({ "io.modelcontextprotocol/subscriptionId": id });
const listen = (s: Session, id: number) => {
  const notifications = { toolsListChanged: true };
  s.client({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { _meta: modernMeta({}), notifications } });
  s.server({
    jsonrpc: "2.0",
    method: "notifications/subscriptions/acknowledged",
    params: { _meta: on(id), notifications },
  });
};
const listenResult = (s: Session, id: number) =>
  s.server({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: { ...SERVER_META, ...on(id) } } });
const cancels = (s: Session, id: number, side: "client" | "server") =>
  s[side]({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } });
const call = (s: Session, id: number) =>
  s.client({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { _meta: modernMeta({}), name: "slow", arguments: {} },
  });

function session(steps: (s: Session) => void) {
  const s = discovered({});
  steps(s);
  return s.close().events;
}
const details = (check: string, events: Parameters<typeof judged>[1]) =>
  judged(check, events).findings.map((f) => f.detail);

describe("canc.server-cancels-only-listen (CANC-024, CANC-025)", () => {
  const CHECK = "canc.server-cancels-only-listen";

  it("passes a server cancellation naming a listen request", () => {
    const events = session((s) => {
      listen(s, 8);
      listenResult(s, 8);
      cancels(s, 8, "server");
    });
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
  });

  it("reports a server cancellation naming any other request, or none the client issued", () => {
    const other = session((s) => {
      call(s, 3);
      cancels(s, 3, "server");
    });
    expect(details(CHECK, other)).toEqual([
      "the server's notifications/cancelled names the client's \"tools/call\" request (id 3), not a subscriptions/listen request",
    ]);
    const unknown = session((s) => cancels(s, 44, "server"));
    expect(details(CHECK, unknown)).toEqual([
      "the server's notifications/cancelled names request id 44, which is no subscriptions/listen request of the client",
    ]);
  });

  it("leaves the client's cancellations to the other checks", () => {
    const events = session((s) => {
      call(s, 3);
      cancels(s, 3, "client");
    });
    expect(judged(CHECK, events).examined).toBe(0);
    expect(judged("canc.references-issued-request", events)).toEqual({ findings: [], examined: 1 });
  });
});

describe("canc.listen-teardown-announced (CANC-023) and sub.graceful-close (SUB-004, SUB-005) on stdio", () => {
  const ANNOUNCED = "canc.listen-teardown-announced";
  const GRACEFUL = "sub.graceful-close";

  it("pass a server teardown that answers the listen request, then cancels it", () => {
    const events = session((s) => {
      listen(s, 8);
      listenResult(s, 8);
      cancels(s, 8, "server");
    });
    expect(judged(ANNOUNCED, events)).toEqual({ findings: [], examined: 1 });
    expect(judged(GRACEFUL, events)).toEqual({ findings: [], examined: 1 });
  });

  it("report a listen result with no notifications/cancelled naming it", () => {
    const events = session((s) => {
      listen(s, 8);
      listenResult(s, 8);
    });
    expect(details(ANNOUNCED, events)).toEqual([
      "the server ended subscription 8 with its subscriptions/listen result but sent no notifications/cancelled naming it",
    ]);
  });

  it("warn a notifications/cancelled that ends a subscription whose listen request was never answered", () => {
    const events = session((s) => {
      listen(s, 8);
      cancels(s, 8, "server");
      listenResult(s, 8);
    });
    expect(details(GRACEFUL, events)).toEqual([
      "the server ended subscription 8 with notifications/cancelled without first answering its subscriptions/listen request with a result",
    ]);
    expect(judged(ANNOUNCED, events)).toEqual({ findings: [], examined: 1 });
  });

  it("judge nothing of a subscription the client cancelled first", () => {
    const events = session((s) => {
      listen(s, 8);
      cancels(s, 8, "client");
    });
    expect(judged(ANNOUNCED, events).examined).toBe(0);
    expect(judged(GRACEFUL, events).examined).toBe(0);
  });

  it("judge nothing over streamable HTTP, where the teardown is the stream closing", () => {
    const events = modernHttpSession([
      { id: 8, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true } } },
    ]);
    expect(judged(ANNOUNCED, events).examined).toBe(0);
  });
});
