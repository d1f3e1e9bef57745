/**
 * Live-judge benchmark. The validator bench's realistic 10,001-message session, with a violation planted in every
 * 5th tools/call result (over 500 findings spread through the session, so the lag's p99 is a percentile and not the
 * maximum), is recorded at a steady pace (BENCH_RATE events/s), as a busy session would arrive: each message's
 * bytes go to a recorder whose threaded file sink writes the trace, as `watch stdio` records. Each round records it
 * twice, in alternating order: without a judge (what `record` costs) and with the live judge on the trace thread
 * (what `watch` costs). The session starts once the judge is ready — loaded, and warmed up on a made-up session, as
 * it is while a watched server starts (its wall time is printed; its CPU counts in the judge's), and this thread's
 * heap is collected (see `collectGarbage`). Figures: the CPU the judge adds (all threads of the process, the difference of the two runs)
 * against one batch validation of the same trace as `mcp-conf validate` pays it — a fresh process reading and parsing
 * the trace, importing the validator and judging the trace cold, measured in the same round: from the trace's bytes
 * to its findings, as the judge on the trace thread starts from each line's bytes (target ≤ 1.5x: each pass judges
 * the new events only, never the trace again; the ratio against the batch's importing and judging alone is printed
 * beside it); the lag from an exchange's arrival to its finding reaching the session's thread
 * (target p99 ≤ 20 ms in every run; the findings at or above the p99 are printed with their seqs, to tell the judge's cold start from its steady state); medians over BENCH_ROUNDS rounds (default 5). On Linux each round also splits
 * both by thread (thread-cpu.ts): the cold batch's main thread and V8's background threads (optimising compiles, GC),
 * and what the judge adds to the main thread, the trace thread and the background. Once, for comparison: the judge
 * on a thread of its own fed event objects (`watch http`). And, for information, the same CPU figure over the
 * session as it was generated — conforming, no finding — recorded and validated the same way in each round (see
 * bench/README.md for why both are printed). Sizes: BENCH_MESSAGES, BENCH_RATE, BENCH_PLANT_EVERY.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type LiveJudge, liveJudgeTap, startLiveJudge } from "@mcp-conf/live-judge";
import { createRecorder, type ThreadTapModule, threadedFileSink } from "@mcp-conf/recorder";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { median, percentile, summaryRow, times } from "../summary.js";
import { sessionEvents } from "../validator/generate-session.js";
import { cliTapVariant } from "./cli-tap.js";
import { ThreadCpu, type ThreadSplit } from "./thread-cpu.js";

/**
 * A full collection of this thread's heap, run before each recording's session starts (judged or not, so its CPU is
 * on both sides). This thread stands in for `watch`'s session thread, but its heap also holds what a watch's does
 * not (the generated sessions, the previous recordings), and its first full collection would otherwise fall on the
 * session's first findings: 14-20 ms in which the recorder neither hands the trace thread its lines nor reads the
 * judge's findings.
 */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
// The function stays; the flag goes back, since V8 refuses a code cache made under other flags (cli-tap.ts).
setFlagsFromString("--no-expose-gc");

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const PLANT_EVERY = Number(process.env.BENCH_PLANT_EVERY ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The session, with every PLANT_EVERY-th tools/call result made to break the schema (content must be an array). */
function plantedSession(): TraceEvent[] {
  const events = [...sessionEvents(MESSAGES)];
  const callIds = new Set<unknown>();
  let calls = 0;
  for (const event of events) {
    if (event.kind !== "message") continue;
    const payload = event.payload as { id?: unknown; method?: string; result?: unknown };
    if (payload.method === "tools/call" && ++calls % PLANT_EVERY === 0) callIds.add(payload.id);
    else if (payload.result !== undefined && event.direction === "server-to-client" && callIds.delete(payload.id)) {
      event.payload = { ...payload, result: { content: "planted: not an array" } };
    }
  }
  return events;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const events = plantedSession();
/** The same session with nothing planted: a conforming session, no finding. */
const conforming = [...sessionEvents(MESSAGES)];

// Baseline as a user pays it: a fresh process imports the validator and validates the trace once.
const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-live-"));
const traceFile = join(dir, "session.jsonl");
writeFileSync(traceFile, `${events.map(serializeEvent).join("\n")}\n`);
const conformingFile = join(dir, "conforming.jsonl");
writeFileSync(conformingFile, `${conforming.map(serializeEvent).join("\n")}\n`);
const coldScript = `
  import { readFileSync } from "node:fs";
  const ms = (since) => { const used = process.cpuUsage(since); return (used.user + used.system) / 1000; };
  const thread = () => { try { return Number.parseInt(readFileSync("/proc/thread-self/schedstat", "latin1"), 10) / 1e6; } catch { return Number.NaN; } };
  const start = process.cpuUsage();
  const mainStart = thread();
  const { readTraceSync } = await import("@mcp-conf/trace-format");
  const events = readTraceSync(readFileSync(process.argv[1]));
  const parsed = ms(start);
  const { validate } = await import("@mcp-conf/validator");
  const imported = ms(start);
  validate(events);
  console.log(parsed, imported - parsed, ms(start), thread() - mainStart);`;
/** One cold batch validation's CPU, as `validate` pays it from the trace's bytes to its findings. */
interface ColdBatch {
  /** Reading and parsing the trace (trace-format imported, the file read, every line parsed and checked). */
  parseMs: number;
  /** Importing the validator. */
  importMs: number;
  /** All of it: reading and parsing, importing, judging. */
  ms: number;
  /** Of `ms`, on the main thread (NaN off Linux). */
  mainMs: number;
}
function coldBatch(file = traceFile): ColdBatch {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", coldScript, file], {
    cwd: import.meta.dirname,
    encoding: "utf8",
  });
  const [parseMs, importMs, ms, mainMs] = out.trim().split(" ").map(Number) as [number, number, number, number];
  return { parseMs, importMs, ms, mainMs };
}

// And warm, in this process (median of 5 after 2 warm-up rounds).
for (let i = 0; i < 2; i++) validate(events);
const batch: number[] = [];
for (let i = 0; i < 5; i++) {
  const start = process.cpuUsage();
  validate(events);
  batch.push(cpuMs(start));
}
batch.sort((a, b) => a - b);
const batchMs = batch[2]!;

/** Streams the events at RATE per second to `observe`; resolves to the wall time it took. */
async function stream(observe: (event: TraceEvent) => void, events: TraceEvent[]): Promise<number> {
  const perTick = Math.max(1, Math.round(RATE / 1000));
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let next = 0;
    const timer = setInterval(() => {
      for (let i = 0; i < perTick && next < events.length; i++, next++) observe(events[next]!);
      if (next >= events.length) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  return performance.now() - started;
}

/** Lags from each planted exchange's hand-over to its finding's arrival here. */
class Lags {
  readonly handedAt = new Map<number, number>();
  readonly lags: number[] = [];
  /** Each lag with its finding's seq. */
  private readonly bySeq: [number, number][] = [];
  onFindings(findings: readonly { seq?: number | undefined }[]): void {
    const now = performance.now();
    for (const finding of findings) {
      const at = finding.seq === undefined ? undefined : this.handedAt.get(finding.seq);
      if (at === undefined) continue;
      this.lags.push(now - at);
      this.bySeq.push([finding.seq!, now - at]);
      this.handedAt.delete(finding.seq!);
    }
  }
  sorted(): number[] {
    return [...this.lags].sort((a, b) => a - b);
  }
  /** The lags at or above the p99 (its index and the rest), slowest first, with their seqs: where in the session the tail is. */
  tail(): [number, number][] {
    const count = this.lags.length - Math.floor(0.99 * this.lags.length);
    return [...this.bySeq].sort((a, b) => b[1] - a[1]).slice(0, count);
  }
}

interface Run {
  cpuMs: number;
  /** The same CPU by thread: main, the trace thread (started by the recorder), V8's and libuv's background threads. */
  threads?: ThreadSplit;
  /** Wall time from starting the recorder to the judge being ready (loaded and warmed up). */
  readyMs?: number;
  /** The trace thread's CPU by then (Linux). */
  readyTraceMs?: number;
  lags?: number[];
  /** The findings whose lag is at or above the p99: [seq, ms]. */
  tail?: [number, number][];
  fails?: number;
  withdrawn?: number;
  judgingMs?: number;
  streamedMs: number;
}

/** One round's CPU by thread: the cold batch's main and background threads, and what the judge adds to each. */
interface Split {
  coldMain: number;
  coldBackground: number;
  main: number;
  trace: number;
  background: number;
  /** What the judge adds in times put on a CPU (mostly wake-ups), by the same threads. */
  runsMain: number;
  runsTrace: number;
  runsBackground: number;
}

const failsOf = (judge: { report?: { requirements: { outcome: string; findings?: unknown[] }[] } }) =>
  (judge.report?.requirements ?? []).reduce(
    (n, row) => n + (row.outcome === "fail" ? (row.findings?.length ?? 0) : 0),
    0,
  );

/** The judge's options as `mcp-conf watch` sets them by default (its report lists the failing and warning rows). */
const AS_WATCH = { reportRows: "problems" } as const;

/** Records `session` as `watch stdio` does; with `judged`, the live judge runs on the trace thread as a tap. */
async function recorded(
  judged: boolean,
  round: number,
  session = events,
  name = "planted",
  via?: (tap: ThreadTapModule) => ThreadTapModule,
): Promise<Run> {
  const lags = new Lags();
  let judge: LiveJudge | undefined;
  let tap: ReturnType<typeof liveJudgeTap>["tap"] | undefined;
  if (judged) ({ judge, tap } = liveJudgeTap({ ...AS_WATCH, onPass: (pass) => lags.onFindings(pass.findings) }));
  const start = process.cpuUsage();
  const threads = new ThreadCpu(25);
  const open = events[0]!;
  const recorder = createRecorder({
    sink: threadedFileSink(join(dir, `recorded-${name}-${round}-${judged}.jsonl`), {
      session: "bench",
      ...(tap ? { tap: () => (via ? via(tap) : tap) } : {}),
    }),
    transport: "stdio",
    session: "bench",
    meta: open.kind === "lifecycle" ? open.meta : undefined,
  });
  const starting = performance.now();
  await judge?.ready;
  const readyMs = performance.now() - starting;
  const atReady = judge ? threads.sofar() : undefined;
  collectGarbage();
  const streamedMs = await stream((event) => {
    if (event.kind !== "message") return;
    lags.handedAt.set(recorder.nextSeq, performance.now());
    recorder.message(event.direction, Buffer.from(JSON.stringify(event.payload)));
  }, session);
  await recorder.close();
  const summary = await judge?.close();
  const split = threads.stop();
  const run: Run = { cpuMs: cpuMs(start), streamedMs };
  if (split) run.threads = split;
  if (summary) {
    run.lags = lags.sorted();
    run.tail = lags.tail();
    run.readyMs = readyMs;
    if (atReady) run.readyTraceMs = atReady.started;
    run.fails = failsOf(summary);
    run.withdrawn = summary.withdrawn.length;
    run.judgingMs = summary.judgingMs;
  }
  return run;
}

/** The judge on a thread of its own, fed event objects (as `watch http` runs it). */
async function ownThread(): Promise<Run & { bootCpuMs: number }> {
  const lags = new Lags();
  const judge = startLiveJudge({ ...AS_WATCH, onPass: (pass) => lags.onFindings(pass.findings) });
  const start = process.cpuUsage();
  const booting = setInterval(() => {}, 1000); // an idle judge's thread keeps no process alive
  await judge.ready;
  clearInterval(booting);
  const bootCpuMs = cpuMs(start);
  collectGarbage();
  const streamedMs = await stream((event) => {
    lags.handedAt.set(event.seq, performance.now());
    judge.observe(event);
  }, events);
  const summary = await judge.close();
  return {
    cpuMs: cpuMs(start),
    bootCpuMs,
    streamedMs,
    lags: lags.sorted(),
    fails: failsOf(summary),
    withdrawn: summary.withdrawn.length,
    judgingMs: summary.judgingMs,
  };
}

/** The cold batch's CPU by thread, and the judge's additions by thread (sampled, so they need not sum exactly). */
function bySplit(split: Split): string {
  const plus = (ms: number) => `${ms < 0 ? "" : "+"}${fmt(ms)}`;
  const count = (n: number) => `${n < 0 ? "" : "+"}${Math.round(n)}`;
  return `cold batch main ${fmt(split.coldMain)} + background ${fmt(split.coldBackground)} ms; judge adds main ${plus(split.main)}, trace thread ${plus(split.trace)}, background (V8 compiles and GC, libuv) ${plus(split.background)} ms; and times put on a CPU (mostly wake-ups): main ${count(split.runsMain)}, trace thread ${count(split.runsTrace)}, background ${count(split.runsBackground)}`;
}
const fmt = (n: number) => n.toFixed(1);
const load = () => loadavg()[0]!.toFixed(1);

console.log(
  `live-judge: ${MESSAGES.toLocaleString("en-US")} messages (${events.length.toLocaleString("en-US")} events) recorded at ${RATE.toLocaleString("en-US")} events/s, ${ROUNDS} round(s), load ${load()}`,
);
console.log(`  batch validation, warm           ${fmt(batchMs)} ms CPU`);
const ratios: number[] = [];
const conformingRatios: number[] = [];
const colds: number[] = [];
/** The cold batch's importing and judging alone (as if the trace came parsed), and each round's ratio against it. */
const coldJudgings: number[] = [];
const judgingOnlyRatios: number[] = [];
const p99s: number[] = [];
const splits: Split[] = [];
let worstFindings = Number.POSITIVE_INFINITY;
for (let round = 0; round < ROUNDS; round++) {
  const cold = coldBatch();
  const coldMs = cold.ms;
  // Alternate which run goes first, so neither always meets a warmer machine.
  const first = await recorded(round % 2 === 0, round);
  const second = await recorded(round % 2 !== 0, round);
  const [judged, plain] = round % 2 === 0 ? [first, second] : [second, first];
  const addedMs = judged.cpuMs - plain.cpuMs;
  const ratio = addedMs / coldMs;
  const coldJudging = coldMs - cold.parseMs;
  coldJudgings.push(coldJudging);
  judgingOnlyRatios.push(addedMs / coldJudging);
  const lags = judged.lags!;
  const p99 = percentile(lags, 0.99);
  ratios.push(ratio);
  colds.push(coldMs);
  p99s.push(p99);
  worstFindings = Math.min(worstFindings, lags.length);
  console.log(
    `  round ${round + 1}: cold batch ${fmt(coldMs)} ms CPU (reading and parsing the trace ${fmt(cold.parseMs)}, importing the validator ${fmt(cold.importMs)}); record ${fmt(plain.cpuMs)}, record + judge ${fmt(judged.cpuMs)}: judge adds ${fmt(addedMs)} ms = ${times(ratio)} the cold batch (ready after ${fmt(judged.readyMs!)} ms; ${fmt(judged.judgingMs!)} ms wall in passes over a ${fmt(judged.streamedMs)} ms session); lag median ${fmt(percentile(lags, 0.5))} ms, p99 ${fmt(p99)} ms over ${lags.length} findings; ${judged.fails} fail finding(s) in the report, withdrawn ${judged.withdrawn}; load ${load()}`,
  );
  console.log(
    `    the lag's tail (p99 and above), seq: ms: ${judged.tail!.map(([seq, ms]) => `${seq}: ${fmt(ms)}`).join(", ")} (of seq 0-${events.length - 1})`,
  );
  if (judged.threads && plain.threads && Number.isFinite(cold.mainMs)) {
    const split = {
      coldMain: cold.mainMs,
      coldBackground: coldMs - cold.mainMs,
      main: judged.threads.main - plain.threads.main,
      trace: judged.threads.started - plain.threads.started,
      background: judged.threads.background - plain.threads.background,
      runsMain: judged.threads.runs.main - plain.threads.runs.main,
      runsTrace: judged.threads.runs.started - plain.threads.runs.started,
      runsBackground: judged.threads.runs.background - plain.threads.runs.background,
    };
    splits.push(split);
    console.log(`    by thread: ${bySplit(split)}`);
  }
  // The conforming session, the same way (the lag needs findings, so only the CPU is taken).
  const conformingColdMs = coldBatch(conformingFile).ms;
  const firstConforming = await recorded(round % 2 === 0, round, conforming, "conforming");
  const secondConforming = await recorded(round % 2 !== 0, round, conforming, "conforming");
  const [judgedConforming, plainConforming] =
    round % 2 === 0 ? [firstConforming, secondConforming] : [secondConforming, firstConforming];
  const conformingAdded = judgedConforming.cpuMs - plainConforming.cpuMs;
  conformingRatios.push(conformingAdded / conformingColdMs);
  console.log(
    `    the session without findings: cold batch ${fmt(conformingColdMs)} ms CPU; judge adds ${fmt(conformingAdded)} ms = ${times(conformingAdded / conformingColdMs)} the cold batch (${judgedConforming.fails} fail finding(s) in the report)`,
  );
}
const own = await ownThread();
// Its events come parsed (the recorder parses HTTP bodies anyway), so it is set against the batch's judging alone.
const ownRatio = own.cpuMs / median(coldJudgings);
console.log(
  `  for comparison, on a thread of its own (watch http): ${fmt(own.cpuMs)} ms CPU = ${times(ownRatio)} the median cold batch's importing and judging (boot ${fmt(own.bootCpuMs)} ms); lag median ${fmt(percentile(own.lags!, 0.5))} ms, p99 ${fmt(percentile(own.lags!, 0.99))} ms over ${own.lags!.length} findings; withdrawn ${own.withdrawn}`,
);
if (splits.length > 0) {
  const medianOf = (key: keyof Split) => median(splits.map((split) => split[key]));
  const medians = {
    coldMain: medianOf("coldMain"),
    coldBackground: medianOf("coldBackground"),
    main: medianOf("main"),
    trace: medianOf("trace"),
    background: medianOf("background"),
    runsMain: medianOf("runsMain"),
    runsTrace: medianOf("runsTrace"),
    runsBackground: medianOf("runsBackground"),
  };
  console.log(`  by thread, medians over ${splits.length} rounds: ${bySplit(medians)}`);
}
const cpuRatio = median(ratios);
const conformingRatio = median(conformingRatios);
const judgingOnlyRatio = median(judgingOnlyRatios);
console.log(
  `  live judging (on the trace thread)   median ${times(cpuRatio)} the cold batch over ${ROUNDS} rounds (target <= x1.5)`,
);
console.log(
  `  the same, against the batch's importing and judging alone (trace parsed beforehand)   median ${times(judgingOnlyRatio)} over ${ROUNDS} rounds (informative)`,
);
console.log(
  `  the same, session without findings   median ${times(conformingRatio)} the cold batch over ${ROUNDS} rounds (informative)`,
);
console.log(
  `  exchange -> finding lag              p99 per run ${p99s.map(fmt).join(", ")} ms, over >= ${worstFindings} findings (target <= 20 ms in each)`,
);
summaryRow({
  bench: "live-judge",
  figure: `live judge CPU (on the trace thread) / one cold batch validate, median of ${ROUNDS}`,
  value: times(cpuRatio),
  target: "<= x1.5",
  met: cpuRatio <= 1.5,
});
const worstP99 = Math.max(...p99s);
summaryRow({
  bench: "live-judge",
  figure: `exchange -> finding lag p99, worst of ${ROUNDS} runs over >= ${worstFindings} findings`,
  value: `${worstP99.toFixed(1)} ms`,
  target: "<= 20 ms over >= 500 findings, each run",
  met: worstP99 <= 20 && worstFindings >= 500,
});
summaryRow({
  bench: "live-judge",
  figure: `live judge CPU / the cold batch's importing and judging alone, median of ${ROUNDS}`,
  value: times(judgingOnlyRatio),
  target: "",
});
summaryRow({
  bench: "live-judge",
  figure: `live judge CPU / cold batch, the session without findings, median of ${ROUNDS}`,
  value: times(conformingRatio),
  target: "",
});
summaryRow({
  bench: "live-judge",
  figure: "live judge on a thread of its own (watch http) CPU / cold batch's importing and judging",
  value: times(ownRatio),
  target: "",
});
// Last: it sets watch's V8 flags for the rest of the process.
await cliTapVariant({
  rounds: ROUNDS,
  traceFile,
  record: (judged, round, name, via) => recorded(judged, round, events, name, via),
});
rmSync(dir, { recursive: true, force: true });
