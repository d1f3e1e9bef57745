import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the redaction bench runs on small inputs and prints its figures", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_BYTES: "16384", BENCH_ROUNDS: "1" },
    timeout: 120_000,
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toMatch(/^worst: +\d+\.\d ms \(target <= 100 ms per MiB\), x\d+\.\d\d JSON\.parse/m);
}, 150_000);
