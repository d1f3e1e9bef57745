/**
 * The judge's budget reads the CPU time of its own thread (thread-clock.ts): it advances while the thread computes
 * and stands still while the thread sleeps, whatever else the machine runs. Linux only (elsewhere it is undefined and
 * the budget stays in wall time).
 */
import { describe, expect, it } from "vitest";
import { ThreadClock } from "../src/thread-clock.js";

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe.runIf(process.platform === "linux")("the thread's CPU clock", () => {
  it("counts the thread's computing and not its sleeping", () => {
    const clock = new ThreadClock();
    const start = clock.now()!;
    // 60 ms of CPU time for the process, all of it this thread's loop (the clock is current to the last tick).
    const until = cpuMs() + 60;
    let spins = 0;
    while (cpuMs() < until) spins++;
    const busy = clock.now()! - start;
    expect(spins).toBeGreaterThan(0);
    expect(busy).toBeGreaterThan(30);
    const rested = clock.now()!;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    expect(clock.now()! - rested).toBeLessThan(30);
    clock.close();
    expect(clock.now()).toBeUndefined();
  });
});
