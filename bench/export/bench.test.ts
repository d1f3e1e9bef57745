import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the export bench runs on a small session and prints the html/validate ratio", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_MESSAGES: "201", BENCH_ROUNDS: "1" },
    timeout: 120_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/^ratio html\/validate: +\d+\.\d\d× \(target ≤ 3×\)/m);
}, 150_000);
