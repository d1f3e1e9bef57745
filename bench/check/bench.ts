/**
 * Check benchmark: `mcp-conf check` of 100 traces of 1,000 messages (the validator bench's realistic session) in one
 * call, as the default chooses (a worker per 8 MiB of traces, up to one lane per idle core) and with `--jobs <cores>`
 * (one lane per core whatever the size), against the same call with `--jobs 1` (one trace at a time), all as whole
 * processes of the built CLI, alternating round by round so all see the same machine (the load average is printed:
 * on a busy machine a second lane cannot pay). The figure is the ratio of the medians of wall time,
 * one-at-a-time / default. Target: at least 1.6× on two cores.
 * Sizes: BENCH_TRACES, BENCH_MESSAGES, BENCH_ROUNDS.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { summaryRow, times } from "../summary.js";
import { sessionText } from "../validator/generate-session.js";

const TRACES = Number(process.env.BENCH_TRACES ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET = 1.6;
const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "cli", "dist", "bin.js");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Wall ms of one `mcp-conf check` of every trace; a signal firing (exit 1) is fine, anything else is not. */
function checkAll(traces: string[], jobs: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, [BIN, "check", ...traces, "--fail-on", "fail,pending", ...jobs], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (run.status !== 0 && run.status !== 1) throw new Error(`check exited ${run.status}: ${run.stderr}`);
  return ms;
}

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-check-"));
try {
  const text = sessionText(MESSAGES);
  const traces = Array.from({ length: TRACES }, (_, i) => {
    const file = join(dir, `session-${i}.jsonl`);
    writeFileSync(file, text);
    return file;
  });
  checkAll(traces.slice(0, 2), ["--jobs", "1"]);
  const serial: number[] = [];
  const parallel: number[] = [];
  const perCore: number[] = [];
  const cores = availableParallelism();
  for (let i = 0; i < ROUNDS; i++) {
    serial.push(checkAll(traces, ["--jobs", "1"]));
    parallel.push(checkAll(traces, []));
    perCore.push(checkAll(traces, ["--jobs", String(cores)]));
  }
  const serialMs = median(serial);
  const parallelMs = median(parallel);
  const perCoreMs = median(perCore);
  const ratio = serialMs / parallelMs;
  console.log(
    `traces: ${TRACES} × ${MESSAGES.toLocaleString("en-US")} messages; cores: ${cores}; rounds: ${ROUNDS}; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  console.log(`check --jobs 1 (baseline):  ${serialMs.toFixed(0)} ms wall (median, alternating)`);
  console.log(`check (default lanes):      ${parallelMs.toFixed(0)} ms wall`);
  console.log(
    `check --jobs ${cores}:            ${perCoreMs.toFixed(0)} ms wall (ratio ${(serialMs / perCoreMs).toFixed(2)}×)`,
  );
  console.log(
    `ratio one-at-a-time/parallel: ${ratio.toFixed(2)}× (target ≥ ${TARGET}×) ${ratio >= TARGET ? "ok" : "UNDER TARGET"}`,
  );
  summaryRow({
    bench: "check",
    figure: `check ${TRACES} traces, --jobs 1 / --jobs ${cores} (load ${loadavg()[0]!.toFixed(1)})`,
    value: times(serialMs / perCoreMs),
    target: "",
  });
  summaryRow({
    bench: "check",
    figure: `check ${TRACES} traces, --jobs 1 / default lanes`,
    value: times(ratio),
    target: `>= x${TARGET}`,
    met: ratio >= TARGET,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
