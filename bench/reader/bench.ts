/**
 * Reader benchmark: a 100,000-event trace read by `@mcp-conf/trace-format` (schema validation on) and by the
 * baseline `split("\n").map(JSON.parse)` of the same bytes, several timed rounds after warm-up, for each way the
 * reader is used (a string, a buffer, an async iteration, a file). Prints events/s and the ratio to the baseline;
 * the target is a ratio of at most 2.0 for the in-memory reads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTrace, readTraceFile, readTraceSync } from "@mcp-conf/trace-format";
import { generateTrace } from "./generate-trace.js";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const WARMUP = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** The baseline that keeps every event, like `readTraceSync`: `split("\n").map(JSON.parse)`. */
function baselineArray(text: string): number {
  const lines = text.split("\n");
  lines.pop();
  return lines.map((line) => JSON.parse(line)).length;
}

/** The baseline that looks at each event once and drops it, like a `for await` consumer. */
function baselineCount(text: string): number {
  let count = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    JSON.parse(line);
    count++;
  }
  return count;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timeOnce(run: () => number | Promise<number>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const count = await run();
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  if (count !== EVENTS) throw new Error(`read ${count} events, expected ${EVENTS}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times ours and the baseline in alternating rounds, so that load from other processes on a shared machine falls
 * on both alike, and returns the medians of wall-clock and CPU time.
 */
async function compare(ours: () => number | Promise<number>, base: () => number | Promise<number>) {
  for (let i = 0; i < WARMUP; i++) {
    await ours();
    await base();
  }
  const oursTimes: Timing[] = [];
  const baseTimes: Timing[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    oursTimes.push(await timeOnce(ours));
    baseTimes.push(await timeOnce(base));
  }
  return {
    ours: medianOf(oursTimes.map((t) => t.wallMs)),
    base: medianOf(baseTimes.map((t) => t.wallMs)),
    oursCpu: medianOf(oursTimes.map((t) => t.cpuMs)),
    baseCpu: medianOf(baseTimes.map((t) => t.cpuMs)),
  };
}

const text = generateTrace(EVENTS);
const bytes = Buffer.from(text, "utf8");
const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-reader-"));
const file = join(dir, "trace.jsonl");
writeFileSync(file, bytes);

const rows: Array<{ name: string; ours: number; base: number; oursCpu: number; baseCpu: number }> = [];
const countAll = async (iterable: AsyncIterable<unknown>) => {
  let count = 0;
  for await (const _ of iterable) count++;
  return count;
};
try {
  rows.push({
    name: "string: readTraceSync(text)",
    ...(await compare(
      () => readTraceSync(text).length,
      () => baselineArray(text),
    )),
  });
  rows.push({
    name: "buffer: readTraceSync(bytes)",
    ...(await compare(
      () => readTraceSync(bytes).length,
      () => baselineArray(bytes.toString("utf8")),
    )),
  });
  rows.push({
    name: "async: for await readTrace(bytes)",
    ...(await compare(
      () => countAll(readTrace(bytes)),
      () => baselineCount(bytes.toString("utf8")),
    )),
  });
  rows.push({
    name: "file: for await readTraceFile(path)",
    ...(await compare(
      () => countAll(readTraceFile(file)),
      () => baselineCount(readFileSync(file, "utf8")),
    )),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const perSecond = (ms: number) => Math.round((EVENTS / ms) * 1000).toLocaleString("en-US");
console.log(
  `reader: ${EVENTS.toLocaleString("en-US")} events, ${(bytes.length / 1048576).toFixed(1)} MiB, median of ${ROUNDS} alternating rounds after ${WARMUP} warm-up; target ratio <= 2.0x`,
);
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(36)} ours ${perSecond(row.ours).padStart(9)} events/s  baseline ${perSecond(row.base).padStart(9)} events/s  ratio ${(row.ours / row.base).toFixed(2)}x wall, ${(row.oursCpu / row.baseCpu).toFixed(2)}x CPU`,
  );
}
