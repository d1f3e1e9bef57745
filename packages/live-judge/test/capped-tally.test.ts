/**
 * The end-of-session tally counts every finding, including those past the judge's cap of 1000 per check that the
 * report sums up in one line: 1,200 answers to no open request are 1,200 failures, not "1001 fail".
 */
import { startLiveJudge } from "@mcp-conf/live-judge";
import { TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";

const ORPHANS = 1200;

/** A handshake, then ORPHANS results answering no request. */
function session(): TraceEvent[] {
  const trace = new TraceBuilder().open().handshake({ server: {} });
  for (let i = 0; i < ORPHANS; i++) trace.result(1000 + i);
  return trace.close().events;
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
