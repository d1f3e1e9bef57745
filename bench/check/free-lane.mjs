// The most a second lane could give `check`: a worker thread that has already judged the traces three times (so its
// start-up and its warm-up cost nothing inside the measurement), beside a main thread that starts cold, as `check`'s
// does. `node free-lane.mjs serial|free TRACE…` warms the worker, waits for its background compilations, then times
// the cold main thread judging every trace alone (serial: the worker idles) or with the warm worker as a second lane
// (free), and prints `{"wallMs":…,"cpuMs":…}` (CPU: every thread of the process, from the clock's start).
// It loads the built CLI's judging bundle as `check` does (packages/cli/dist/judging.cjs through its code cache).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "cli", "dist");
const request = (trace) => ({ trace, signals: ["fail", "pending"], actor: "both", expectTools: [], forbidTools: [] });

async function loadInspector() {
  const { loadScript } = await import(join(dist, "code-cache.js"));
  const bundle = loadScript(join(dist, "judging.cjs"));
  if (bundle.cache !== "accepted") throw new Error(`the judging bundle's code cache was ${bundle.cache}`);
  return (await bundle.exports.loadGate()).checkTrace;
}

if (!isMainThread) {
  const inspect = await loadInspector();
  parentPort.on("message", async (trace) => parentPort.postMessage(await inspect(request(trace))));
} else {
  const [mode, ...traces] = process.argv.slice(2);
  if ((mode !== "serial" && mode !== "free") || traces.length === 0) {
    throw new Error("usage: free-lane.mjs serial|free TRACE…");
  }
  const worker = new Worker(fileURLToPath(import.meta.url));
  const ask = (trace) =>
    new Promise((resolve) => {
      worker.once("message", resolve);
      worker.postMessage(trace);
    });
  for (let round = 0; round < 3; round++) for (const trace of traces) await ask(trace);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const cpuStart = cpu();
  const start = performance.now();
  const inspect = await loadInspector();
  let next = 0;
  const drain = async (judge) => {
    while (next < traces.length) await judge(traces[next++]);
  };
  await Promise.all([drain((trace) => inspect(request(trace))), ...(mode === "free" ? [drain(ask)] : [])]);
  const wallMs = performance.now() - start;
  console.log(JSON.stringify({ wallMs, cpuMs: cpu() - cpuStart }));
  await worker.terminate();
}
