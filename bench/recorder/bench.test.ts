import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  blockOrder,
  burstCpu,
  burstThreads,
  httpToolCalls,
  median,
  percentile,
  stdioRoundTrips,
  stdioStream,
} from "./measure.js";

describe("recorder bench (smoke)", () => {
  it("measures stdio round trips directly and through the relay", async () => {
    for (const via of ["direct", "recorded", "floor"] as const) {
      const latencies = await stdioRoundTrips(via, 50, 10);
      expect(latencies).toHaveLength(50);
      expect(percentile(latencies, 0.5)).toBeGreaterThan(0);
    }
  });

  it("streams notifications directly and through the relay, and the server reads every one", async () => {
    for (const via of ["direct", "recorded", "floor", "bare"] as const) {
      const before = burstCpu[via].length;
      expect(await stdioStream(via, 2_000)).toBeGreaterThan(0);
      // Linux: the CPU the process in the relay's place used over the burst, in all and by thread.
      if (existsSync("/proc/self/stat")) {
        expect(burstCpu[via]).toHaveLength(before + 1);
        expect(burstThreads[via]).toHaveLength(before + 1);
        expect(burstThreads[via][before]!.main).toBeGreaterThan(0);
      }
    }
  });

  it("times tools/call against server-everything directly and through the proxy", async () => {
    const figures = await httpToolCalls(20, 2, 150);
    expect(figures.direct).toHaveLength(20);
    expect(figures.recorded).toHaveLength(20);
    expect(figures.floor).toHaveLength(20);
    // One p50 per block for each: the blocks alternate the three, so each block's ratio is one run's.
    expect(figures.blockP50s.recorded).toHaveLength(2);
    expect(figures.blockP50s.floor).toHaveLength(2);
    expect(figures.warmupP50.recorded).toBeGreaterThan(0);
    expect(figures.warmupP50.floor).toBeGreaterThan(0);
  }, 120_000);

  it("runs the three in one order in a block and the reverse in the next", () => {
    expect(blockOrder(0)).toEqual(["direct", "recorded", "floor"]);
    expect(blockOrder(1)).toEqual(["floor", "recorded", "direct"]);
    expect(blockOrder(2)).toEqual(blockOrder(0));
  });

  it("takes percentiles and medians", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(3);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
