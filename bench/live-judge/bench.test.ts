import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("live-judge bench script", () => {
  it("runs end to end on a reduced session and prints every figure", () => {
    const output = execFileSync("npx", ["tsx", "live-judge/bench.ts"], {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, BENCH_MESSAGES: "1001", BENCH_RATE: "5000", BENCH_ROUNDS: "1" },
      encoding: "utf8",
    });
    expect(output).toMatch(/live-judge: 1,001 messages/);
    expect(output).toMatch(
      /round 1: cold batch [\d.]+ ms CPU \(reading and parsing the trace [\d.]+, importing the validator [\d.]+\); .* judge adds -?[\d.]+ ms = x-?[\d.]+ the cold batch/,
    );
    expect(output).toMatch(
      /lag median [\d.]+ ms, p99 [\d.]+ ms over [1-9]\d* findings; 53 fail finding\(s\) in the report, withdrawn 0/,
    );
    expect(output).toMatch(/the lag's tail \(p99 and above\), seq: ms: \d+: [\d.]+(, \d+: [\d.]+)* \(of seq 0-1002\)/);
    expect(output).toMatch(
      /on a thread of its own \(watch http\): [\d.]+ ms CPU = x[\d.]+ the median cold batch's importing and judging/,
    );
    if (process.platform === "linux") {
      expect(output).toMatch(
        /by thread: cold batch main [\d.]+ \+ background -?[\d.]+ ms; judge adds main [+-][\d.]+, trace thread [+-][\d.]+, background \(V8 compiles and GC, libuv\) [+-][\d.]+ ms; and times put on a CPU \(mostly wake-ups\): main [+-]\d+, trace thread [+-]\d+, background [+-]\d+/,
      );
    }
    expect(output).toMatch(/live judging \(on the trace thread\)\s+median x-?[\d.]+ the cold batch over 1 rounds/);
    expect(output).toMatch(
      /against the batch's importing and judging alone \(trace parsed beforehand\)\s+median x-?[\d.]+ over 1 rounds \(informative\)/,
    );
    expect(output).toMatch(
      /the session without findings: cold batch [\d.]+ ms CPU; judge adds -?[\d.]+ ms = x-?[\d.]+ the cold batch \(0 fail finding\(s\) in the report\)/,
    );
    expect(output).toMatch(
      /the same, session without findings\s+median x-?[\d.]+ the cold batch over 1 rounds \(informative\)/,
    );
    // The built CLI's tap (pnpm test builds first), against a validate through the CLI's judging bundle.
    expect(output).toMatch(
      /through the CLI's cached tap, round 1: cold batch through the CLI's judging bundle [\d.]+ ms CPU; judge adds -?[\d.]+ ms = x-?[\d.]+ it \(the package's tap, same flags: -?[\d.]+ ms = x-?[\d.]+\); against the package's tap: process [+-][\d.]+ ms CPU, trace thread [+-]?[\d.NaN]+ \(of it up to ready [+-]?[\d.NaN]+\), ready [+-][\d.]+ ms/,
    );
    expect(output).toMatch(
      /through the CLI's cached tap\s+median x-?[\d.]+ the cold batch through the CLI's judging bundle over 1 rounds \(the package's tap x-?[\d.]+; paired medians against it: process [+-][\d.]+ ms CPU, trace thread [+-]?[\d.NaN]+ \(of it up to ready [+-]?[\d.NaN]+\), ready [+-][\d.]+ ms\) \(informative\)/,
    );
  }, 120_000);
});
