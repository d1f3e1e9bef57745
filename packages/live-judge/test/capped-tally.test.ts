/**
 * The end-of-session tally counts every finding, including those past the judge's cap of 1000 per check that the
 * report sums up in one line: 1,200 answers to no open request are 1,200 failures, not "1001 fail".
 */
import { startLiveJudge } from "@mcp-conf/live-judge";
import type { TraceEvent, TraceEventInput } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";

const ORPHANS = 1200;

function session(): TraceEvent[] {
  const c2s = { transport: "stdio", direction: "client-to-server" } as const;
  const s2c = { transport: "stdio", direction: "server-to-client" } as const;
  const events: TraceEventInput[] = [
    { ...c2s, kind: "lifecycle", event: "transport-open" },
    {
      ...c2s,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
      },
    },
    {
      ...s2c,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
      },
    },
    { ...c2s, kind: "message", payload: { jsonrpc: "2.0", method: "notifications/initialized" } },
  ];
  for (let i = 0; i < ORPHANS; i++) {
    events.push({ ...s2c, kind: "message", payload: { jsonrpc: "2.0", id: 1000 + i, result: {} } });
  }
  events.push({ ...c2s, kind: "lifecycle", event: "transport-close" });
  return events.map((event, seq) => ({ seq, ...event }) as TraceEvent);
}

describe("the live tally", () => {
  it("counts the findings past the per-check cap that the report sums up in one line", async () => {
    const judge = startLiveJudge({ pacing: 0 });
    for (const event of session()) judge.observe(event);
    const summary = await judge.close();
    const summed = summary.report!.requirements.flatMap((row) => row.findings ?? []).filter((f) => f.unlisted);
    expect(summed.length).toBeGreaterThan(0); // the cap was reached
    expect(summed[0]!.detail).toMatch(/and \d+ more finding\(s\) of this check not listed/);
    // Each orphan answer is at least one failure; the capped count was 1001 per requirement.
    expect(summary.tally.fail).toBeGreaterThanOrEqual(ORPHANS);
  }, 120_000);
});
