/**
 * Validator benchmark. (1) A realistic 10,001-message stdio session, once at 2025-11-25 and once at 2026-07-28,
 * written to a temp file: CPU time to read and parse it with our reader (the baseline), and to validate it — every
 * check, schema validation of every message — as a median of timed rounds after warm-up, with events/s and the
 * ratio to reading. Target: validation under 80 ms of CPU at each revision, as the median over BENCH_PROCESSES
 * processes (default 5: this one and the rest started with BENCH_WARM_ONLY=1, which measure only that), since one
 * process's figure swings by a third between runs on a shared machine. The 2026-07-28 session is also judged
 * over streamable HTTP (the same messages with their POSTs, routing headers and responses), an informative figure
 * for what the HTTP checks cost. (2) Start-up: the cost of importing the
 * validator and of the first, cold validation. (3) One million events generated on the fly and streamed through one
 * judge, never all in memory: time and peak RSS. Target: peak RSS under 512 MB. Sizes can be reduced with
 * BENCH_MESSAGES, BENCH_STREAM_EVENTS, BENCH_ROUNDS. BENCH_PER_CHECK=1 adds what each check costs on its own over
 * the engine alone (the ten dearest), to find the checks to make cheaper.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { median, summaryRow, times } from "../summary.js";
import { sessionEvents, sessionText } from "./generate-session.js";
import { sessionText2026 } from "./generate-session-2026.js";
import { sessionText2026Http } from "./generate-session-2026-http.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const STREAM_EVENTS = Number(process.env.BENCH_STREAM_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const WARMUP = 3;
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 5);
/** Set in the extra processes: measure the warm figures only and print them as JSON. */
const WARM_ONLY = process.env.BENCH_WARM_ONLY === "1";

/** One process's warm figures for one session. */
interface Warm {
  name: string;
  /** Judged against the 80 ms target (not the informative HTTP session). */
  targeted: boolean;
  readMs: number;
  validateMs: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/**
 * Median CPU ms of `run` over ROUNDS rounds after WARMUP untimed ones. `setup` runs untimed before each round, so
 * that every round can judge freshly parsed events (no check may profit from a cache keyed by the last round's
 * objects).
 */
function medianCpu(run: () => void, setup: () => void = () => {}): number {
  for (let i = 0; i < WARMUP; i++) {
    setup();
    run();
  }
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    setup();
    const start = process.cpuUsage();
    run();
    times.push(cpuMs(start));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

// Start-up: importing the validator (its registry and ahead-of-time compiled schema validators).
const importStart = process.cpuUsage();
const { ALL_CHECKS, createJudge, validate } = await import("@mcp-conf/validator");
const importMs = cpuMs(importStart);

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-validator-"));
let own: Warm[];
try {
  own = [
    measureSession("2025-11-25", sessionText(MESSAGES)),
    measureSession("2026-07-28", sessionText2026(MESSAGES)),
    measureSession("2026-07-28", sessionText2026Http(MESSAGES), "streamable HTTP"),
  ];
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (WARM_ONLY) {
  console.log(JSON.stringify(own));
  process.exit(0);
}
reportWarm([own, ...otherProcesses()]);

/** The warm figures of PROCESSES − 1 more processes, one after another. */
function otherProcesses(): Warm[][] {
  const runs: Warm[][] = [];
  for (let i = 1; i < PROCESSES; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_WARM_ONLY: "1", BENCH_PER_CHECK: "0" },
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`a warm-only bench process failed: ${child.stderr.trim()}`);
    runs.push(JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Warm[]);
  }
  return runs;
}

/** Per session, the median over the processes of its warm figures: what the target and the summary judge. */
function reportWarm(runs: Warm[][]): void {
  console.log(`validator warm figures, medians over ${runs.length} process(es):`);
  for (const [i, { name, targeted }] of runs[0]!.entries()) {
    const validateMs = median(runs.map((run) => run[i]!.validateMs));
    const readMs = median(runs.map((run) => run[i]!.readMs));
    const each = runs.map((run) => run[i]!.validateMs.toFixed(1)).join(", ");
    const target = targeted ? `  target < 80 ms: ${validateMs < 80 ? "met" : "MISSED"}` : "";
    console.log(`  validate ${name} ${validateMs.toFixed(1)} ms (per process ${each})${target}`);
    summaryRow({
      bench: "validator",
      figure: `validate ${name} 10k warm, in process / read+parse`,
      value: times(validateMs / readMs),
      target: "",
    });
    summaryRow({
      bench: "validator",
      figure: `validate ${name} 10k warm CPU, median of ${runs.length} processes`,
      value: `${validateMs.toFixed(0)} ms`,
      ...(targeted ? { target: "<= 80 ms", met: validateMs <= 80 } : { target: "" }),
    });
  }
}

/**
 * Read+parse against validate, in process, for one revision's generated session; the per-check costs on request.
 * A session with a `transport` label is an informative figure, without the target.
 */
function measureSession(revision: string, text: string, transport?: string): Warm {
  const name = transport === undefined ? revision : `${revision} ${transport}`;
  const file = join(dir, `session-${name.replace(/ /g, "-")}.jsonl`);
  writeFileSync(file, text);
  const bytes = readFileSync(file);

  // Cold: the first validation in this process pays for V8 compiling the checks and validators it touches.
  let events: TraceEvent[] = readTraceSync(bytes);
  const coldStart = process.cpuUsage();
  const coldReport = validate(events);
  const coldMs = cpuMs(coldStart);

  const readMs = medianCpu(() => {
    events = readTraceSync(bytes);
  });
  let report = coldReport;
  const fresh = () => {
    events = readTraceSync(bytes);
  };
  const validateMs = medianCpu(() => {
    report = validate(events);
  }, fresh);

  if (WARM_ONLY) return { name, targeted: transport === undefined, readMs, validateMs };
  const failing = report.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn");
  console.log(
    `validator ${report.revision}${transport === undefined ? "" : ` over ${transport}`}: ${fmt(MESSAGES)} messages (${fmt(events.length)} events, ${(bytes.length / 1048576).toFixed(1)} MiB), ` +
      `${report.requirements.length} requirements, ${report.totals.pass} pass, verdict ${report.verdict}; ` +
      `CPU medians of ${ROUNDS} rounds after ${WARMUP} warm-up`,
  );
  if (failing.length > 0) {
    console.log(`  note: the generated session fails/warns ${failing.map((row) => row.id).join(", ")}`);
  }
  console.log(
    `  read + parse (readTraceSync)      ${readMs.toFixed(1).padStart(7)} ms  ${fmt((events.length / readMs) * 1000).padStart(11)} events/s`,
  );
  console.log(
    `  validate (all checks + schema)    ${validateMs.toFixed(1).padStart(7)} ms  ${fmt((events.length / validateMs) * 1000).padStart(11)} events/s  ratio to reading ${(validateMs / readMs).toFixed(2)}x`,
  );
  console.log(`  start-up: cold (first) validation ${coldMs.toFixed(1)} ms`);

  if (process.env.BENCH_PER_CHECK === "1") {
    const engineMs = medianCpu(() => validate(events, { checks: [] }), fresh);
    const costs = ALL_CHECKS.map((check) => ({
      id: check.id,
      ms: medianCpu(() => validate(events, { checks: [check] }), fresh) - engineMs,
    })).sort((a, b) => b.ms - a.ms);
    console.log(
      `  engine alone (correlator, facts, dispatch, rows) ${engineMs.toFixed(1)} ms; dearest checks on their own:`,
    );
    for (const { id, ms } of costs.slice(0, 10)) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${id}`);
  }
  return { name, targeted: transport === undefined, readMs, validateMs };
}
if (!WARM_ONLY) console.log(`validator import (registry, engine, checks): ${importMs.toFixed(1)} ms CPU`);

// Streaming: one judge, events generated on the fly.
if (STREAM_EVENTS > 0) {
  // What generating the events costs on its own, to tell the judge's share of the streaming time.
  const generationStart = process.cpuUsage();
  let generated = 0;
  for (const _ of sessionEvents(STREAM_EVENTS - 2)) generated++;
  const generationMs = cpuMs(generationStart);

  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const judge = createJudge();
  const start = process.cpuUsage();
  let count = 0;
  for (const event of sessionEvents(STREAM_EVENTS - 2)) {
    judge.observe(event);
    if (++count % 50_000 === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const report = judge.finish();
  const ms = cpuMs(start);
  peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
  const mib = (n: number) => (n / 1048576).toFixed(0);
  console.log(
    `  stream: ${fmt(count)} events through one judge in ${(ms / 1000).toFixed(2)} s CPU, of which generating them ` +
      `${(generationMs / 1000).toFixed(2)} s (judge ${fmt((generated / Math.max(ms - generationMs, 1)) * 1000)} events/s), ` +
      `${judge.findings().length} findings, verdict ${report.verdict}; peak RSS ${mib(peakRss)} MiB (before ${mib(rssBefore)} MiB)  ` +
      `target < 512 MB: ${peakRss < 512 * 1048576 ? "met" : "MISSED"}`,
  );
}
