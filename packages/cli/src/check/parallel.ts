/**
 * Several traces checked across cores: the main thread and a pool of worker threads, each lane taking the next trace
 * as soon as it is free. The main thread is a lane itself, since it has loaded the validator already. A worker starts
 * from the judging bundle's code cache (worker.ts) but still runs the judging code cold at first (V8 optimises per
 * isolate): about half a second of CPU before it judges at full speed, which some 8 MiB of traces repay on two cores.
 * So by default one is started per BYTES_PER_WORKER of traces, up to one lane per core; `--jobs N` asks for N lanes.
 */
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type InspectRequest, type InspectResult, inspectTrace } from "./inspect.js";

/** Traces a worker must have to judge, by default, to repay its start-up: a second or so of warm judging. */
export const BYTES_PER_WORKER = 8 * 1024 * 1024;

export async function inspectAll(requests: readonly InspectRequest[], jobs?: number): Promise<InspectResult[]> {
  const wanted = jobs ?? Math.min(availableParallelism(), 1 + Math.floor(totalBytes(requests) / BYTES_PER_WORKER));
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
