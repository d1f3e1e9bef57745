import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the watch bench runs a small flood twice and prints both peaks and the growth", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_NOTIFICATIONS: "2000" },
    timeout: 150_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/^ +200 notifications: peak RSS \d+ MB, [\d.]+ s, exit 0$/m);
  expect(run.stdout).toMatch(/^ +2,000 notifications: peak RSS \d+ MB, [\d.]+ s, exit 0$/m);
  expect(run.stdout).toMatch(/growth x\d+\.\d\d from a tenth of the session/);
}, 180_000);
