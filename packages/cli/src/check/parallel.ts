/**
 * Several traces checked across cores: a pool of worker threads (one per core, at most one per trace), each handed
 * the next trace as soon as it is free. One trace is checked on the main thread, where a worker would only add its
 * start-up.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type InspectRequest, type InspectResult, inspectTrace } from "./inspect.js";

export async function inspectAll(requests: readonly InspectRequest[], jobs?: number): Promise<InspectResult[]> {
  const size = Math.min(jobs ?? availableParallelism(), requests.length);
  if (size <= 1) {
    const results: InspectResult[] = [];
    for (const request of requests) results.push(await inspectTrace(request));
    return results;
  }
  const results = new Array<InspectResult>(requests.length);
  let next = 0;
  const url = new URL("./check-worker.js", import.meta.url);
  await Promise.all(
    Array.from({ length: size }, async () => {
      const worker = new Worker(url);
      try {
        while (next < requests.length) {
          const index = next++;
          results[index] = await ask(worker, index, requests[index]!);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return results;
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
