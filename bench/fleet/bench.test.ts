import { describe, expect, it } from "vitest";
import { measureServe } from "./measure.js";

describe("fleet bench (smoke)", () => {
  it("one serve judges every generated session, finds each session's stray answer, and times it", async () => {
    const run = await measureServe(1, 3, 100, 0);
    expect(run).toMatchObject({ sessions: 3, lost: 0, findings: 3 });
    expect(run.events).toBe(3 * 103); // 100 messages, the stray answer, open and close
    expect(run.lagP99).toBeGreaterThanOrEqual(0);
    expect(run.eventsPerSecond).toBeGreaterThan(0);
  }, 60_000);
});
