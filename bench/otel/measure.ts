/**
 * The otel-mapper benchmark's measurements, shared by `bench.ts` (full size) and `bench.test.ts` (a smoke run):
 * how many spans per second the mapper makes from a recorded session, and how much wall time the live exporter
 * adds to a replay of it paced like a live session, against the same replay without it.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createOtlpSink, createSpanMapper, encodeOtlpJson, randomIds } from "@mcp-conf/otel-mapper";
import type { TraceEvent } from "@mcp-conf/trace-format";

const here = dirname(fileURLToPath(import.meta.url));

export interface MappingFigures {
  spans: number;
  /** Median over the rounds. */
  spansPerSecond: number;
  /** OTLP JSON encoding of the same spans, for comparison. */
  encodedSpansPerSecond: number;
}

/** Maps `events` to spans (`rounds` timed rounds after one warm-up) and reports the median throughput. */
export function measureMapping(events: readonly TraceEvent[], rounds: number): MappingFigures {
  const mapOnce = () => {
    const mapper = createSpanMapper({ ids: randomIds() });
    for (const event of events) mapper.observe(event);
    mapper.finish();
    return mapper.release();
  };
  const spans = mapOnce();
  const rates: number[] = [];
  const encodeRates: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t0 = performance.now();
    const mapped = mapOnce();
    rates.push(mapped.length / ((performance.now() - t0) / 1000));
    t0 = performance.now();
    encodeOtlpJson(mapped);
    encodeRates.push(mapped.length / ((performance.now() - t0) / 1000));
  }
  return { spans: spans.length, spansPerSecond: median(rates), encodedSpansPerSecond: median(encodeRates) };
}

export interface OverheadFigures {
  events: number;
  /** Events per millisecond the replay was paced at. */
  pace: number;
  /** Median wall ms of the paced replay without a sink, and with one (its close included) exporting to a collector. */
  baselineMs: number;
  withSinkMs: number;
  /** (withSink - baseline) / baseline. */
  overhead: number;
  /** Median CPU ms of the process over the replay, without and with the sink (what the exporter costs). */
  baselineCpuMs: number;
  withSinkCpuMs: number;
  /** Worst event-loop delay seen during the replays without and with the sink, ms. */
  baselineMaxLoopDelayMs: number;
  maxLoopDelayMs: number;
  /** Spans the collector counted per run, and the sink's own summary of the last run. */
  received: number;
  exported: number;
  lost: number;
}

/**
 * Replays `events` on a schedule, `pace` events per millisecond (event i is due i/pace ms after the start, as a
 * recorded session's lines would arrive), each serialised as the recorder would write it, with and without the
 * live exporter sending to a real OTLP receiver in another process; alternating runs, `rounds` of each.
 */
export async function measureExportOverhead(
  events: readonly TraceEvent[],
  rounds: number,
  pace = 2,
): Promise<OverheadFigures> {
  const collector = await startCollectorProcess();
  try {
    const baseline: Run[] = [];
    const withSink: Run[] = [];
    let last = { exported: 0, lost: 0 };
    for (let i = 0; i < rounds; i++) {
      baseline.push(await pacedReplay(events, pace, undefined));
      const sink = createOtlpSink({ url: `${collector.url}/v1/traces` });
      withSink.push(await pacedReplay(events, pace, sink));
      const summary = await sink.close();
      last = { exported: summary.exported, lost: summary.dropped + summary.failed };
    }
    const received = await collector.stop();
    const b = median(baseline.map((r) => r.wallMs));
    const w = median(withSink.map((r) => r.wallMs));
    return {
      events: events.length,
      pace,
      baselineMs: b,
      withSinkMs: w,
      overhead: (w - b) / b,
      baselineCpuMs: median(baseline.map((r) => r.cpuMs)),
      withSinkCpuMs: median(withSink.map((r) => r.cpuMs)),
      baselineMaxLoopDelayMs: Math.max(...baseline.map((r) => r.maxLoopDelayMs)),
      maxLoopDelayMs: Math.max(...withSink.map((r) => r.maxLoopDelayMs)),
      received: received / rounds,
      exported: last.exported,
      lost: last.lost,
    };
  } catch (error) {
    await collector.stop().catch(() => 0);
    throw error;
  }
}

type Sink = ReturnType<typeof createOtlpSink>;
export interface Run {
  /** Close included. */
  wallMs: number;
  cpuMs: number;
  maxLoopDelayMs: number;
  /** The sink's close alone (0 without a sink). */
  closeMs: number;
}

export async function pacedReplay(events: readonly TraceEvent[], pace: number, sink: Sink | undefined): Promise<Run> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let written = 0;
  let next = 0;
  while (next < events.length) {
    const due = Math.floor((performance.now() - started) * pace) + 1;
    for (; next < Math.min(due, events.length); next++) {
      const event = events[next]!;
      written += JSON.stringify(event).length;
      if (sink) {
        sink.observe(event);
        sink.judgedThrough(event.seq);
      }
    }
    if (next < events.length) {
      const wait = next / pace - (performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  }
  const closeStarted = performance.now();
  if (sink) await sink.close();
  const closeMs = performance.now() - closeStarted;
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  delay.disable();
  if (written === 0) throw new Error("nothing replayed");
  return { wallMs, cpuMs: (used.user + used.system) / 1000, maxLoopDelayMs: delay.max / 1e6, closeMs };
}

async function startCollectorProcess(): Promise<{ url: string; stop(): Promise<number> }> {
  const child = spawn(process.execPath, [join(here, "collector-process.mjs")], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error("the collector process did not start");
  return {
    url: first.value,
    async stop() {
      child.stdin.end();
      const count = await lines.next();
      await once(child, "exit");
      return Number(count.value ?? 0);
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
