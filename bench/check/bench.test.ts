import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the check bench runs on a few small traces and prints the one-at-a-time/parallel ratio and the ceiling", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_TRACES: "4", BENCH_MESSAGES: "101", BENCH_ROUNDS: "1" },
    timeout: 150_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/^ratio one-at-a-time\/parallel: +\d+\.\d\d× \(target ≥ 1\.6×\)/m);
  expect(run.stdout).toMatch(/^check --jobs 1 \(baseline\): +[\d,]+ ms wall, [\d,]+ ms CPU/m);
  expect(run.stdout).toMatch(/^ceiling, beside an already warm worker: +[\d,]+ ms wall.* \(ratio \d+\.\d\d×/m);
}, 180_000);
