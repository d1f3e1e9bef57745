/**
 * Several traces checked across cores: the main thread and a pool of worker threads, each lane taking the next trace
 * as soon as it is free. The main thread is a lane itself, since it has loaded the validator already. A worker starts
 * from the judging bundle's code cache (worker.ts) but still runs the judging code cold at first (V8 optimises per
 * isolate): about half a second of CPU before it judges at full speed, which some 8 MiB of traces repay on two cores.
 * So by default one is started per BYTES_PER_WORKER of traces, up to one lane per core, and only for a core the load
 * average leaves idle (as `make -l` does): on a machine already busy a thread only adds its start-up to the time
 * sliced between them. `--jobs N` asks for N lanes whatever the load.
 */
import { statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { type InspectRequest, type InspectResult, inspectTrace } from "./inspect.js";

/** Traces a worker must have to judge, by default, to repay its start-up: a second or so of warm judging. */
export const BYTES_PER_WORKER = 8 * 1024 * 1024;

export async function inspectAll(requests: readonly InspectRequest[], jobs?: number): Promise<InspectResult[]> {
  const wanted = jobs ?? 1 + defaultWorkers(totalBytes(requests), availableParallelism(), loadavg()[0] ?? 0);
  const lanes = Math.max(1, Math.min(wanted, requests.length));
  const results = new Array<InspectResult>(requests.length);
  let next = 0;
  const drain = async (inspect: (index: number) => Promise<InspectResult>) => {
    while (next < requests.length) {
      const index = next++;
      results[index] = await inspect(index);
    }
  };
  const url = new URL("./check-worker.js", import.meta.url);
  const workerLane = async () => {
    const worker = new Worker(url);
    try {
      await drain((index) => ask(worker, index, requests[index]!));
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all([
    drain((index) => inspectTrace(requests[index]!)),
    ...Array.from({ length: lanes - 1 }, workerLane),
  ]);
  return results;
}

/** Workers beside the main thread's lane: one per BYTES_PER_WORKER of traces and per core the load leaves idle. */
export function defaultWorkers(bytes: number, cores: number, load: number): number {
  return Math.max(0, Math.min(cores - 1, Math.floor(bytes / BYTES_PER_WORKER), Math.floor(cores - load)));
}

/** The traces' size on disk (a trace that cannot be read counts nothing: inspecting it will say why). */
function totalBytes(requests: readonly InspectRequest[]): number {
  let total = 0;
  for (const { trace } of requests) {
    try {
      total += statSync(trace).size;
    } catch {}
  }
  return total;
}

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
