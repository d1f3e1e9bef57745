import { describe, expect, it } from "vitest";
import { judged } from "../../../../test/support/judge.js";
import { type ModernPost, modernHttpSession, modernMeta } from "../../../../test/support/modern.js";

const CHECK = "shttp.stream-notifications-related";
const SSE = { "content-type": "text/event-stream" };
const progress = (token: string) => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { progressToken: token, progress: 1 },
});
const call = (notifications: Record<string, unknown>[], method = "tools/call"): ModernPost => ({
  id: 1,
  method,
  params: { _meta: modernMeta({}, { progressToken: "own" }), name: "slow", arguments: {} },
  requestHeaders: { "mcp-name": "slow" },
  headers: SSE,
  notifications,
});

describe(`${CHECK} (TRAN-135)`, () => {
  it("passes progress under the request's own token", () => {
    expect(judged(CHECK, modernHttpSession([call([progress("own")])]))).toEqual({ findings: [], examined: 1 });
  });

  it("fails a change notification on a tool call's stream, and leaves progress of a token never given to PROG-005", () => {
    const changed = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };
    const details = judged(CHECK, modernHttpSession([call([progress("other"), changed])])).findings.map(
      (f) => f.detail,
    );
    expect(details).toEqual([
      "the server sent a notifications/tools/list_changed notification on the response of the tools/call request (id 1); change notifications belong on a subscriptions/listen response",
    ]);
  });

  it("leaves a subscriptions/listen stream to the subscription checks", () => {
    const changed = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };
    expect(judged(CHECK, modernHttpSession([call([changed], "subscriptions/listen")]))).toEqual({
      findings: [],
      examined: 0,
    });
  });
});
