/**
 * What a failing collector costs the session feeding the live exporter: the same paced replay as the overhead
 * figure, exporting to a collector that is down (a port nothing listens on) or one that holds every request 5 s
 * before answering, against the replay without the exporter, alternating; and the sink's close against its timeout.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createOtlpSink } from "@mcp-conf/otel-mapper";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { median, pacedReplay } from "./measure.js";

export type Fault = "down" | "stalling";

export interface FaultFigures {
  fault: Fault;
  baselineMs: number;
  withSinkMs: number;
  /** withSink / baseline, medians, close included. */
  ratio: number;
  /** The sink's close, median, and the timeout it was given. */
  closeMs: number;
  closeTimeoutMs: number;
  /** Worst event-loop delay with the sink, ms. */
  maxLoopDelayMs: number;
  /** Spans of the last run that never reached a collector (dropped or failed). */
  lost: number;
}

const EXPORT_TIMEOUT_MS = 1000;
const CLOSE_TIMEOUT_MS = 1500;
const STALL_MS = 5000;

async function faultyCollector(fault: Fault): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    const answer = setTimeout(() => response.end(), STALL_MS);
    response.on("close", () => clearTimeout(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  if (fault === "down") await stop();
  return { url, stop: fault === "down" ? async () => {} : stop };
}

export async function measureFault(
  events: readonly TraceEvent[],
  fault: Fault,
  rounds: number,
  pace: number,
): Promise<FaultFigures> {
  const collector = await faultyCollector(fault);
  try {
    const baseline: number[] = [];
    const withSink: Awaited<ReturnType<typeof pacedReplay>>[] = [];
    let lost = 0;
    for (let i = 0; i < rounds; i++) {
      baseline.push((await pacedReplay(events, pace, undefined)).wallMs);
      const sink = createOtlpSink({
        url: collector.url,
        exportTimeoutMs: EXPORT_TIMEOUT_MS,
        closeTimeoutMs: CLOSE_TIMEOUT_MS,
      });
      withSink.push(await pacedReplay(events, pace, sink));
      const summary = await sink.close();
      lost = summary.dropped + summary.failed;
    }
    const baselineMs = median(baseline);
    const withSinkMs = median(withSink.map((run) => run.wallMs));
    return {
      fault,
      baselineMs,
      withSinkMs,
      ratio: withSinkMs / baselineMs,
      closeMs: median(withSink.map((run) => run.closeMs)),
      closeTimeoutMs: CLOSE_TIMEOUT_MS,
      maxLoopDelayMs: Math.max(...withSink.map((run) => run.maxLoopDelayMs)),
      lost,
    };
  } finally {
    await collector.stop();
  }
}
