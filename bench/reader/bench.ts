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

async function median(run: () => number | Promise<number>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    const count = await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (count !== EVENTS) throw new Error(`read ${count} events, expected ${EVENTS}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const text = generateTrace(EVENTS);
const bytes = Buffer.from(text, "utf8");
const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-reader-"));
const file = join(dir, "trace.jsonl");
writeFileSync(file, bytes);

const rows: Array<{ name: string; ours: number; base: number }> = [];
try {
  rows.push({
    name: "string: readTraceSync(text)",
    ours: await median(() => readTraceSync(text).length),
    base: await median(() => baselineArray(text)),
  });
  rows.push({
    name: "buffer: readTraceSync(bytes)",
    ours: await median(() => readTraceSync(bytes).length),
    base: await median(() => baselineArray(bytes.toString("utf8"))),
  });
  rows.push({
    name: "async: for await readTrace(bytes)",
    ours: await median(async () => {
      let count = 0;
      for await (const _ of readTrace(bytes)) count++;
      return count;
    }),
    base: await median(() => baselineCount(bytes.toString("utf8"))),
  });
  rows.push({
    name: "file: for await readTraceFile(path)",
    ours: await median(async () => {
      let count = 0;
      for await (const _ of readTraceFile(file)) count++;
      return count;
    }),
    base: await median(() => baselineCount(readFileSync(file, "utf8"))),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const perSecond = (ms: number) => Math.round((EVENTS / ms) * 1000).toLocaleString("en-US");
console.log(
  `reader: ${EVENTS.toLocaleString("en-US")} events, ${(bytes.length / 1048576).toFixed(1)} MiB, median of ${ROUNDS} rounds after ${WARMUP} warm-up`,
);
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(38)} ours ${perSecond(row.ours).padStart(11)} events/s (${row.ours.toFixed(1)} ms)  baseline ${perSecond(row.base).padStart(11)} events/s (${row.base.toFixed(1)} ms)  ratio ${(row.ours / row.base).toFixed(2)}x`,
  );
}
