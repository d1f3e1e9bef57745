import { describe, expect, it } from "vitest";
import { captureLoad, measureServe } from "./measure.js";

describe("fleet bench (smoke)", () => {
  it("one serve judges every replayed session, finds each session's five stray answers, and times them", async () => {
    const load = await captureLoad(1, 3, 100);
    try {
      expect(load).toMatchObject({ sessions: 3, events: 3 * 107 }); // 100 messages, 5 strays, open and close
      const run = await measureServe(load, 0);
      expect(run).toMatchObject({ sessions: 3, lost: 0, findings: 15, events: 3 * 107 });
      expect(run.lagP99).toBeGreaterThanOrEqual(0);
      expect(run.eventsPerSecond).toBeGreaterThan(0);
    } finally {
      load.remove();
    }
  }, 60_000);
});
