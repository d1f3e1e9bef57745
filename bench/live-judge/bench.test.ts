import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("live-judge bench script", () => {
  it("runs end to end on a reduced session and prints every figure", () => {
    const output = execFileSync("npx", ["tsx", "live-judge/bench.ts"], {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, BENCH_MESSAGES: "1001", BENCH_RATE: "5000" },
      encoding: "utf8",
    });
    expect(output).toMatch(/live-judge: 1,001 messages/);
    expect(output).toMatch(/batch validation, fresh process\s+[\d.]+ ms CPU/);
    expect(output).toMatch(/live judging, all passes\s+[\d.]+ ms CPU\s+ratio to batch [\d.]+x/);
    expect(output).toMatch(/exchange -> finding lag\s+median [\d.]+ ms, p99 [\d.]+ ms over [1-9]\d* findings/);
    expect(output).toMatch(/withdrawn 0/);
  }, 120_000);
});
