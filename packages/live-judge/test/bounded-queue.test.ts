/**
 * A server flooding faster than the judge can judge must not grow the judge's memory without bound: past 20,000
 * waiting events the judge drops arriving ones, and the report counts every one of them as missing (those followed
 * by a judged event as a gap in seq, those at the end as losses).
 */
import { startLiveJudge } from "@mcp-conf/live-judge";
import { S2C, TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";

/** A handshake, then `notifications` log notifications from the server. */
function flood(notifications: number): TraceEvent[] {
  const trace = new TraceBuilder().handshake({ server: { logging: {} } });
  for (let i = 0; i < notifications; i++) {
    trace.notify("notifications/message", { level: "info", data: `line ${i}` }, S2C);
  }
  return trace.events;
}

describe("the judge's queue", () => {
  it("drops what arrives past 20,000 waiting events and counts each drop as missing", async () => {
    const events = flood(30_000);
    // Every event handed over at once, to a judge whose passes are slowed: the queue overflows.
    const judge = startLiveJudge({ slowPassMs: 20 });
    for (const event of events) judge.observe(event);
    const summary = await judge.close();
    expect(summary.error).toBeUndefined();
    expect(summary.report!.capture).toMatchObject({ complete: false, missing: events.length - 20_000 });
    expect(summary.tally.exchanges).toBeGreaterThanOrEqual(30_000);
  }, 120_000);

  it("drops nothing when the judge keeps up", async () => {
    const events = flood(3_000);
    const judge = startLiveJudge({});
    for (const event of events) judge.observe(event);
    const summary = await judge.close();
    expect(summary.report!.capture).toMatchObject({ complete: true, missing: 0 });
  }, 120_000);
});
