import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const CHECK = "tool.list-changed-notified";
const CHANGED = "notifications/tools/list_changed";
const tool = (name: string) => ({ name, inputSchema: { type: "object" } });
const on = (subscription?: string | number) =>
  subscription === undefined ? {} : { _meta: { "io.modelcontextprotocol/subscriptionId": subscription } };

/** A 2026 session with tools.listChanged declared; `steps` add messages to it. */
function session(steps: (s: ReturnType<typeof discovered>) => void) {
  const s = discovered({}, { tools: { listChanged: true } });
  steps(s);
  return s.close().events;
}
const listen = (s: ReturnType<typeof discovered>, id: number, notifications: Record<string, unknown>) => {
  s.client({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { _meta: modernMeta({}), notifications } });
  s.server({
    jsonrpc: "2.0",
    method: "notifications/subscriptions/acknowledged",
    params: { ...on(id), notifications },
  });
};
const endListen = (s: ReturnType<typeof discovered>, id: number) =>
  s.server({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: { ...SERVER_META, ...on(id)._meta } } });
const list = (s: ReturnType<typeof discovered>, id: number, names: string[]) => {
  s.client({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: modernMeta({}) } });
  s.server({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: SERVER_META, tools: names.map(tool) } });
};
const details = (events: Parameters<typeof judged>[1]) => judged(CHECK, events).findings.map((f) => f.detail);

describe(`${CHECK} at 2026-07-28 (TOOL-028): on a subscriptions/listen stream that asked`, () => {
  it("passes a notification on the stream that asked for it", () => {
    const events = session((s) => {
      listen(s, 8, { toolsListChanged: true });
      s.notify(CHANGED, on(8), "server-to-client");
      endListen(s, 8);
    });
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
  });

  it("reports a notification while no stream asked for it: none open, or the one that asked already answered", () => {
    const none = session((s) => s.notify(CHANGED, on(8), "server-to-client"));
    const closed = session((s) => {
      listen(s, 8, { toolsListChanged: true });
      endListen(s, 8);
      s.notify(CHANGED, on(8), "server-to-client");
    });
    const detail = `${CHANGED} sent while no open subscriptions/listen stream asked for it (toolsListChanged: true)`;
    expect(details(none)).toEqual([detail]);
    expect(details(closed)).toEqual([detail]);
  });

  it("reports one on another subscription than the stream that asked; leaves one naming none to BASE-050", () => {
    const other = session((s) => {
      listen(s, 8, { toolsListChanged: true });
      s.notify(CHANGED, on(3), "server-to-client");
    });
    expect(details(other)).toEqual([
      `${CHANGED} sent on subscription 3, not on the subscriptions/listen stream that asked for it (8)`,
    ]);
    const unnamed = session((s) => {
      listen(s, 8, { toolsListChanged: true });
      s.notify(CHANGED, {}, "server-to-client");
    });
    expect(judged(CHECK, unnamed)).toEqual({ findings: [], examined: 1 });
  });

  it("leaves one on a stream whose filter did not ask to SUB-001 (sub.only-requested)", () => {
    const events = session((s) => {
      listen(s, 8, { resourceSubscriptions: ["file:///a"] });
      s.notify(CHANGED, on(8), "server-to-client");
    });
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
    expect(judged("sub.only-requested", events).findings).toHaveLength(1);
  });

  it("expects a notification on the stream for a change while a stream asked for it, and none while no stream did", () => {
    const watched = session((s) => {
      list(s, 1, ["a"]);
      listen(s, 8, { toolsListChanged: true });
      list(s, 2, ["a", "b"]);
    });
    expect(details(watched)).toEqual([
      `the tool list changed between the listings completed at seq 4 and seq 8 (added "b") with no ${CHANGED} in between`,
    ]);
    const notified = session((s) => {
      list(s, 1, ["a"]);
      listen(s, 8, { toolsListChanged: true });
      s.notify(CHANGED, on(8), "server-to-client");
      list(s, 2, ["a", "b"]);
    });
    expect(judged(CHECK, notified)).toEqual({ findings: [], examined: 2 });
    const unwatched = session((s) => {
      list(s, 1, ["a"]);
      list(s, 2, ["a", "b"]);
    });
    expect(judged(CHECK, unwatched)).toEqual({ findings: [], examined: 0 });
  });
});
