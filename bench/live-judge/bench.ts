/**
 * Live-judge benchmark. The validator bench's realistic 10,001-message session, with a violation planted in every
 * 5th tools/call result (over 500 findings spread through the session, so the lag's p99 is a percentile and not the
 * maximum), is streamed through the live judge at a steady pace (BENCH_RATE events/s), as a busy
 * session would arrive. Figures: the CPU judging cost in all (the judge thread from its start, and handing it the
 * events) against one batch validation of the same trace as `mcp-conf validate` pays it — a fresh process importing
 * the validator and judging the trace cold (target ≤ 1.5x: each pass judges the new events only, never the trace
 * again); the warm in-process batch figure is printed beside it. Then the lag from an
 * exchange's completion to its finding reaching the session's thread (target p99 ≤ 20 ms), and the judge's share of
 * a core over the session. Sizes: BENCH_MESSAGES, BENCH_RATE, BENCH_PLANT_EVERY.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLiveJudge } from "@mcp-conf/live-judge";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { summaryRow, times } from "../summary.js";
import { sessionEvents } from "../validator/generate-session.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const PLANT_EVERY = Number(process.env.BENCH_PLANT_EVERY ?? 5);

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
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const events = plantedSession();

// Baseline as a user pays it: a fresh process imports the validator and validates the trace once (median of 3).
const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-live-"));
const traceFile = join(dir, "session.jsonl");
writeFileSync(traceFile, `${events.map(serializeEvent).join("\n")}\n`);
const coldScript = `
  import { readFileSync } from "node:fs";
  import { readTraceSync } from "@mcp-conf/trace-format";
  const events = readTraceSync(readFileSync(process.argv[1]));
  const ms = (since) => { const used = process.cpuUsage(since); return (used.user + used.system) / 1000; };
  const start = process.cpuUsage();
  const { validate } = await import("@mcp-conf/validator");
  const imported = ms(start);
  validate(events);
  console.log(imported, ms(start));`;
const cold: [number, number][] = [];
for (let i = 0; i < 3; i++) {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", coldScript, traceFile], {
    cwd: import.meta.dirname,
    encoding: "utf8",
  });
  const [imported, total] = out.trim().split(" ").map(Number) as [number, number];
  cold.push([imported, total]);
}
rmSync(dir, { recursive: true, force: true });
cold.sort((a, b) => a[1] - b[1]);
const [coldImportMs, coldBatchMs] = cold[1]!;

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
async function stream(observe: (event: TraceEvent) => void): Promise<number> {
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

// The streaming itself, with nobody judging: its CPU is subtracted from the live run's.
const idleStart = process.cpuUsage();
await stream(() => {});
const idleMs = cpuMs(idleStart);

// Live: note when each event was handed over and when its finding comes back. The process's CPU over the run,
// less the idle streaming's, is what judging cost (the judge's thread, and handing events over to it).
const handedAt = new Map<number, number>();
const lags: number[] = [];
let planted = 0;
const judge = startLiveJudge({
  onPass: (pass) => {
    const now = performance.now();
    for (const finding of pass.findings) {
      if (finding.seq === undefined || !handedAt.has(finding.seq)) continue;
      lags.push(now - handedAt.get(finding.seq)!);
      handedAt.delete(finding.seq);
    }
  },
});
const liveStart = process.cpuUsage();
const bootStart = performance.now();
await judge.ready;
const bootMs = performance.now() - bootStart;
const bootCpuMs = cpuMs(liveStart);
const streamedMs = await stream((event) => {
  handedAt.set(event.seq, performance.now());
  judge.observe(event);
});
const summary = await judge.close();
const judgingCpuMs = cpuMs(liveStart) - idleMs;
for (const row of summary.report?.requirements ?? [])
  planted += row.outcome === "fail" ? (row.findings?.length ?? 0) : 0;
lags.sort((a, b) => a - b);

const fmt = (n: number) => n.toFixed(1);
console.log(
  `live-judge: ${MESSAGES.toLocaleString("en-US")} messages (${events.length.toLocaleString("en-US")} events) streamed at ${RATE.toLocaleString("en-US")} events/s`,
);
console.log(
  `  batch validation, fresh process  ${fmt(coldBatchMs)} ms CPU (import ${fmt(coldImportMs)} + one cold pass: the baseline)`,
);
console.log(`  batch validation, warm           ${fmt(batchMs)} ms CPU`);
console.log(
  `  live judging, all passes         ${fmt(judgingCpuMs)} ms CPU   ratio to batch ${(judgingCpuMs / coldBatchMs).toFixed(2)}x (target <= 1.5x)`,
);
console.log(
  `    of which the thread's boot      ${fmt(bootCpuMs)} ms CPU; after it ${fmt(judgingCpuMs - bootCpuMs)} ms   ratio to the cold pass alone ${((judgingCpuMs - bootCpuMs) / (coldBatchMs - coldImportMs)).toFixed(2)}x`,
);
console.log(`    (wall time inside passes ${fmt(summary.judgingMs)} ms)`);
console.log(`  judge thread boot                ${fmt(bootMs)} ms wall (loading the validator while a server starts)`);
console.log(
  `  judge's share of a core          ${((100 * summary.judgingMs) / streamedMs).toFixed(1)}% in passes (budget 25%), ${((100 * (judgingCpuMs - bootCpuMs)) / streamedMs).toFixed(1)}% of all CPU after boot (V8's compiler and GC threads included), over ${fmt(streamedMs)} ms`,
);
console.log(
  `  exchange -> finding lag          median ${fmt(percentile(lags, 0.5))} ms, p99 ${fmt(percentile(lags, 0.99))} ms over ${lags.length} findings (target p99 <= 20 ms)`,
);
console.log(`  findings in the final report     ${planted} fail finding(s); withdrawn ${summary.withdrawn.length}`);
const cpuRatio = judgingCpuMs / coldBatchMs;
const lagP99 = percentile(lags, 0.99);
summaryRow({
  bench: "live-judge",
  figure: "live judge CPU / one cold batch validate",
  value: times(cpuRatio),
  target: "<= x1.5",
  met: cpuRatio <= 1.5,
});
summaryRow({
  bench: "live-judge",
  figure: `exchange -> finding lag p99 over ${lags.length} findings`,
  value: `${lagP99.toFixed(1)} ms`,
  target: "<= 20 ms over >= 500 findings",
  met: lagP99 <= 20 && lags.length >= 500,
});
