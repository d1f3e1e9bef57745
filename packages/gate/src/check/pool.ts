/**
 * Several traces checked across cores: the calling thread and a pool of worker threads, each lane taking the next
 * trace as soon as it is free, the largest first. The calling thread is a lane itself, since it has loaded the
 * validator already. A worker runs the judging code cold at first, as the calling thread did (V8 optimises per
 * isolate): measured over the first hundred traces of 1,000 messages, a lane spends about a second of CPU beyond its
 * warm rate (its own thread and V8's compiler and GC threads), the worth of some 80 warm traces. A lane also keeps
 * more than one core busy by itself (those V8 threads), so on two cores a second lane only pays for a large batch:
 * 100 such traces (22 MB) were 8% slower with two lanes than with one on an idle machine. So by default one worker is
 * started per BYTES_PER_WORKER of traces, up to one lane per core, and only for a core the load average leaves idle
 * (as `make -l` does): on a machine already busy a thread only adds its start-up to the time sliced between them.
 */
import { statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { type MessagePort, Worker } from "node:worker_threads";
import { secretScanner } from "@mcp-conf/recorder";
import { type InspectRequest, type InspectResult, inspectTrace } from "./inspect.js";

/** Traces a worker must have to judge, by default, to repay its warm-up (and its share of the second core). */
export const BYTES_PER_WORKER = 32 * 1024 * 1024;

export interface CheckTracesOptions {
  /** Lanes (the calling thread's included); default by the traces' size, the cores and the load average. */
  jobs?: number;
  /** A worker thread's script: one that calls `answerCheckRequests` (default: this package's own). */
  worker?: URL | string;
}

/**
 * One trace inspected as `mcp-conf check` does: the `secret` signal reports what the recorder's `--redact-secrets`
 * would redact (a scanner per trace: like the redactor, it follows a private key across stderr lines).
 */
export function checkTrace(request: InspectRequest): Promise<InspectResult> {
  return inspectTrace(request, { scanSecrets: secretScanner() });
}

/** Every request checked (`checkTrace`) across the lanes; the results in the requests' order. */
export async function checkTraces(
  requests: readonly InspectRequest[],
  options: CheckTracesOptions = {},
): Promise<InspectResult[]> {
  const { jobs } = options;
  const sizes = jobs === 1 ? undefined : requests.map(({ trace }) => sizeOnDisk(trace));
  const wanted = jobs ?? 1 + defaultWorkers(sum(sizes ?? []), availableParallelism(), loadavg()[0] ?? 0);
  const lanes = Math.max(1, Math.min(wanted, requests.length));
  const results = new Array<InspectResult>(requests.length);
  const order = lanes > 1 && sizes ? largestFirst(sizes) : requests.map((_, index) => index);
  let next = 0;
  const drain = async (check: (index: number) => Promise<InspectResult>) => {
    while (next < order.length) {
      const index = order[next++]!;
      results[index] = await check(index);
    }
  };
  const script = options.worker ?? new URL("./check-worker.js", import.meta.url);
  const workerLane = async () => {
    const worker = new Worker(script);
    try {
      await drain((index) => ask(worker, index, requests[index]!));
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all([drain((index) => checkTrace(requests[index]!)), ...Array.from({ length: lanes - 1 }, workerLane)]);
  return results;
}

/** A worker thread's side of `checkTraces`: checks each request it is handed, one at a time, and posts the result. */
export function answerCheckRequests(
  port: MessagePort,
  check: (request: InspectRequest) => Promise<InspectResult> = checkTrace,
): void {
  port.on("message", async (message: { index: number; request: InspectRequest }) => {
    try {
      port.postMessage({ index: message.index, result: await check(message.request) });
    } catch (error) {
      port.postMessage({ index: message.index, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

/** Workers beside the calling thread's lane: one per BYTES_PER_WORKER of traces and per core the load leaves idle. */
export function defaultWorkers(bytes: number, cores: number, load: number): number {
  return Math.max(0, Math.min(cores - 1, Math.floor(bytes / BYTES_PER_WORKER), Math.floor(cores - load)));
}

/**
 * The order several lanes take traces in: the largest first (the given order among equals), since a large trace
 * started last would keep its lane busy while the others idle.
 */
export function largestFirst(sizes: readonly number[]): number[] {
  return sizes.map((_, index) => index).sort((a, b) => sizes[b]! - sizes[a]!);
}

/** A trace's size on disk (one that cannot be read counts nothing: inspecting it will say why). */
function sizeOnDisk(trace: string): number {
  try {
    return statSync(trace).size;
  } catch {
    return 0;
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function ask(worker: Worker, index: number, request: InspectRequest): Promise<InspectResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { index: number; result?: InspectResult; error?: string }) => {
      if (message.index !== index) return;
      worker.off("message", onMessage);
      worker.off("error", reject);
      if (message.result) resolve(message.result);
      else reject(new Error(message.error));
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    worker.postMessage({ index, request });
  });
}
