#!/usr/bin/env node
// Runs the benchmarks: every `bench/<name>/bench.ts`, one after another (they share two cores with everything
// else, so never in parallel), or only those named on the command line (`pnpm bench reader`). Each bench prints
// its own figures, and hands its headline figures to bench/summary.ts; this script prints a header per bench, ends
// with one table of those figures against their targets (bench/README.md says how to read it), and exits non-zero if
// any bench failed or a name is unknown. Benchmarks import the packages' built `dist/`, so run `pnpm build` first
// (`pnpm bench` does).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
const summaryDir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-"));
const summaryFile = join(summaryDir, "rows.jsonl");
let failed = 0;
for (const name of selected) {
  console.log(`== bench ${name}`);
  const result = spawnSync("npx", ["tsx", join(benchDir, name, "bench.ts")], {
    cwd: join(benchDir, ".."),
    stdio: "inherit",
    env: { ...process.env, BENCH_SUMMARY: summaryFile },
  });
  if (result.status !== 0) {
    console.error(`bench ${name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
    failed++;
  }
}
printTable(
  existsSync(summaryFile)
    ? readFileSync(summaryFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [],
);
rmSync(summaryDir, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);

/** The closing table: one row per headline figure, its target, and whether this run met it. */
function printTable(rows) {
  const header = {
    bench: "bench",
    figure: "figure (against its in-run baseline)",
    value: "value",
    target: "target",
    met: "",
  };
  const cells = [header, ...rows].map((row) => [
    row.bench,
    row.figure,
    row.value,
    row.target,
    row === header ? "met" : row.met === undefined ? "-" : row.met ? "met" : "MISSED",
  ]);
  const widths = cells[0].map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  console.log(
    `\n== summary (${rows.length} figures; ratios and differences against baselines measured in the same run)`,
  );
  for (const row of cells)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    );
}
