#!/usr/bin/env node
// Runs the benchmarks: every `bench/<name>/bench.ts`, one after another (they share two cores with everything
// else, so never in parallel), or only those named on the command line (`pnpm bench reader`). Each bench prints
// its own figures; this script prints a header per bench and exits non-zero if any bench failed or a name is
// unknown. Benchmarks import the packages' built `dist/`, so run `pnpm build` first (`pnpm bench` does).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, "bench.ts")))
  .map((entry) => entry.name)
  .sort();

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(", ")} (available: ${available.join(", ") || "none"})`);
  process.exit(2);
}

const selected = requested.length > 0 ? requested : available;
let failed = 0;
for (const name of selected) {
  console.log(`== bench ${name}`);
  const result = spawnSync("npx", ["tsx", join(benchDir, name, "bench.ts")], {
    cwd: join(benchDir, ".."),
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`bench ${name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
