import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the export bench runs on a small session and prints the html/validate ratio and the viewer's open", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_MESSAGES: "201", BENCH_VIEWER_MESSAGES: "201", BENCH_ROUNDS: "1" },
    timeout: 120_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/^ratio html\/validate: +\d+\.\d\d× \(target ≤ 3×\)/m);
  expect(run.stdout).toMatch(
    /^viewer, 201 messages: opened in \d+ ms of renderer CPU \(median of 1\), \d+\.\d\d× the export's \d+ ms that made the page \(target < 2,000 ms\)/m,
  );
}, 150_000);
