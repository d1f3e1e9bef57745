import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

function bench(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 150_000,
  });
}

it("the watch bench runs a small flood twice and prints both peaks, the growth, what each run lost and the pacing", () => {
  const run = bench({ BENCH_NOTIFICATIONS: "2000", BENCH_PACING_ROUNDS: "1" });
  expect(run.stderr).toBe("");
  const counts = "recorder dropped 0, judge lost 0 \\(report: 0 missing\\), uncounted 0";
  expect(run.stdout).toMatch(new RegExp(`^ +200 notifications: peak RSS \\d+ MB, [\\d.]+ s, exit 0; ${counts}$`, "m"));
  expect(run.stdout).toMatch(
    new RegExp(`^ +2,000 notifications: peak RSS \\d+ MB, [\\d.]+ s, exit 0; ${counts}$`, "m"),
  );
  expect(run.stdout).toMatch(/growth x\d+\.\d\d from a tenth of the session/);
  expect(run.stdout).toMatch(/^pacing: .* \d+ ms direct, \d+ ms through watch .* -> x\d+\.\d\d /m);
}, 180_000);

it("counts what a judge too slow for the flood lost, as its report does", () => {
  // Every pass of at most 2,000 events sleeps 100 ms (watch's test hook), and the judge's quarter-of-a-core budget
  // then holds it to a pass every 0.4 s or more, about 5,000 events a second: 40,000 notifications outrun its
  // 20,000-event queue unless the flood itself takes 4 s (it takes well under a second: the judge passes once in it).
  // A longer sleep proves no more and makes the drain of the full queue (ten passes) last longer.
  const run = bench({
    BENCH_NOTIFICATIONS: "40000",
    MCP_CONF_WATCH_SLOW_PASS_MS: "100",
    BENCH_PACING_ROUNDS: "0",
  });
  expect(run.stderr).toBe("");
  const large =
    /^ +40,000 notifications: .*; recorder dropped (\d+), judge lost (\d+) \(report: (\d+) missing\), uncounted (\d+)$/m.exec(
      run.stdout,
    );
  expect(large).not.toBeNull();
  const [, dropped, judgeLost, missing, uncounted] = large!.map(Number);
  expect(judgeLost).toBeGreaterThan(0);
  expect(missing).toBe(dropped! + judgeLost!);
  expect(uncounted).toBe(0);
}, 180_000);
