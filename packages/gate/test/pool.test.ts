import { describe, expect, it } from "vitest";
import { BYTES_PER_WORKER, defaultWorkers, largestFirst } from "../src/check/pool.js";

describe("check's default lanes", () => {
  it("start a worker per BYTES_PER_WORKER of traces, up to one lane per core", () => {
    expect(defaultWorkers(BYTES_PER_WORKER - 1, 2, 0)).toBe(0);
    expect(defaultWorkers(BYTES_PER_WORKER, 2, 0)).toBe(1);
    expect(defaultWorkers(100 * BYTES_PER_WORKER, 2, 0)).toBe(1);
    expect(defaultWorkers(3 * BYTES_PER_WORKER, 8, 0)).toBe(3);
  });

  it("start no worker for a core the load average keeps busy", () => {
    expect(defaultWorkers(100 * BYTES_PER_WORKER, 2, 0.9)).toBe(1);
    expect(defaultWorkers(100 * BYTES_PER_WORKER, 2, 1.2)).toBe(0);
    expect(defaultWorkers(100 * BYTES_PER_WORKER, 8, 5.5)).toBe(2);
    expect(defaultWorkers(100 * BYTES_PER_WORKER, 2, 26)).toBe(0);
  });

  it("take the largest traces first, the given order among equals", () => {
    expect(largestFirst([1, 5, 3, 5, 0])).toEqual([1, 3, 2, 0, 4]);
    expect(largestFirst([])).toEqual([]);
  });
});
