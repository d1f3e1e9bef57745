/**
 * Check benchmark: `mcp-conf check` of 100 traces of 1,000 messages (the validator bench's realistic session) in one
 * call, as the default chooses (a worker per BYTES_PER_WORKER of traces, up to one lane per idle core) and with
 * `--jobs <cores>` (one lane per core whatever the size), against the same call with `--jobs 1` (one trace at a time),
 * all as whole processes of the built CLI, alternating round by round so all see the same machine (the load average
 * is printed: on a busy machine a second lane cannot pay). The figure is the ratio of the medians of wall time,
 * one-at-a-time / default. Target: at least 1.6× on two cores.
 * Each run's CPU time (user + system of the whole process, every thread) is printed beside its wall time: one lane
 * already keeps more than one core busy (V8 compiles and collects garbage on threads of its own), which is what a
 * second lane has to share.
 * Then the ceiling: free-lane.mjs times the same traces on a cold main thread alone and beside a worker that has
 * already judged them (its start-up and warm-up outside the clock), in fresh processes, alternating: the most any
 * second lane could give, whatever its start-up costs.
 * Sizes: BENCH_TRACES, BENCH_MESSAGES, BENCH_ROUNDS.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { childrenCpuMs } from "../children-cpu.js";
import { summaryRow, times } from "../summary.js";
import { sessionText } from "../validator/generate-session.js";

const TRACES = Number(process.env.BENCH_TRACES ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET = 1.6;
const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Run {
  wallMs: number;
  /** User + system of the whole process; undefined off Linux. */
  cpuMs?: number;
}

/** Runs node with `args` and times it; a check signal firing (exit 1) is fine, anything else is not. */
function timed(args: string[]): { run: Run; stdout: string } {
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - start;
  const cpuAfter = childrenCpuMs();
  if (child.status !== 0 && child.status !== 1) throw new Error(`${args[0]} exited ${child.status}: ${child.stderr}`);
  const run: Run = { wallMs };
  if (cpuBefore !== undefined && cpuAfter !== undefined) run.cpuMs = cpuAfter - cpuBefore;
  return { run, stdout: child.stdout };
}

const checkAll = (traces: string[], jobs: string[]) =>
  timed([BIN, "check", ...traces, "--fail-on", "fail,pending", ...jobs]).run;

/** free-lane.mjs's own clock: from the cold main thread's start to the last trace judged. */
function freeLane(mode: "serial" | "free", traces: string[]): Run {
  const { stdout } = timed([join(here, "free-lane.mjs"), mode, ...traces]);
  return JSON.parse(stdout) as Run;
}

/** Median wall and CPU of the runs, printed as `1,234 ms wall, 2,345 ms CPU (1.90 cores busy)`. */
function describe(runs: Run[]): { wallMs: number; text: string } {
  const wallMs = median(runs.map((run) => run.wallMs));
  const cpus = runs.flatMap((run) => (run.cpuMs === undefined ? [] : [run.cpuMs]));
  const ms = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;
  if (cpus.length === 0) return { wallMs, text: `${ms(wallMs)} wall` };
  const cpuMs = median(cpus);
  return { wallMs, text: `${ms(wallMs)} wall, ${ms(cpuMs)} CPU (${(cpuMs / wallMs).toFixed(2)} cores busy)` };
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
  const cores = availableParallelism();
  const runs = { serial: [] as Run[], parallel: [] as Run[], perCore: [] as Run[] };
  const ceiling = { serial: [] as Run[], free: [] as Run[] };
  const loadBefore = loadavg()[0]!;
  for (let i = 0; i < ROUNDS; i++) {
    runs.serial.push(checkAll(traces, ["--jobs", "1"]));
    runs.parallel.push(checkAll(traces, []));
    runs.perCore.push(checkAll(traces, ["--jobs", String(cores)]));
    ceiling.serial.push(freeLane("serial", traces));
    ceiling.free.push(freeLane("free", traces));
  }
  const serial = describe(runs.serial);
  const parallel = describe(runs.parallel);
  const perCore = describe(runs.perCore);
  const ceilingSerial = describe(ceiling.serial);
  const ceilingFree = describe(ceiling.free);
  const ratio = serial.wallMs / parallel.wallMs;
  const perCoreRatio = serial.wallMs / perCore.wallMs;
  const ceilingRatio = ceilingSerial.wallMs / ceilingFree.wallMs;
  const load = `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
  console.log(
    `traces: ${TRACES} × ${MESSAGES.toLocaleString("en-US")} messages; cores: ${cores}; rounds: ${ROUNDS}; load average ${load}`,
  );
  console.log(`check --jobs 1 (baseline):  ${serial.text} (median, alternating)`);
  console.log(`check (default lanes):      ${parallel.text}`);
  console.log(`check --jobs ${cores}:            ${perCore.text} (ratio ${perCoreRatio.toFixed(2)}×)`);
  console.log(`ceiling, cold main thread alone:            ${ceilingSerial.text}`);
  console.log(
    `ceiling, beside an already warm worker:     ${ceilingFree.text} (ratio ${ceilingRatio.toFixed(2)}×: the most a second lane can give)`,
  );
  console.log(
    `ratio one-at-a-time/parallel: ${ratio.toFixed(2)}× (target ≥ ${TARGET}×) ${ratio >= TARGET ? "ok" : "UNDER TARGET"}`,
  );
  summaryRow({
    bench: "check",
    figure: `check ${TRACES} traces, --jobs 1 / --jobs ${cores} (load ${loadBefore.toFixed(1)})`,
    value: times(perCoreRatio),
    target: "",
  });
  summaryRow({
    bench: "check",
    figure: `check ${TRACES} traces, cold lane / + a warm worker (the ceiling)`,
    value: times(ceilingRatio),
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
