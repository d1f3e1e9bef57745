/**
 * A worker thread of `mcp-conf check`: inspects the traces it is handed, one at a time, and posts each result back.
 * It runs the judging bundle through its code cache, which makes a worker's start-up cheap; where the bundle cannot
 * load, the same code from the ESM modules.
 */
import { parentPort } from "node:worker_threads";
import type { InspectRequest, InspectResult } from "@mcp-conf/gate";
import { loadJudging } from "../startup/judging-bundle.js";

const port = parentPort;
if (!port) throw new Error("check's worker must run in a worker thread");
const bundle = loadJudging();
const inspectTrace: (request: InspectRequest) => Promise<InspectResult> =
  "exports" in bundle ? await bundle.exports.loadInspector() : (await import("./inspector.js")).inspect;
port.on("message", async (message: { index: number; request: InspectRequest }) => {
  try {
    port.postMessage({ index: message.index, result: await inspectTrace(message.request) });
  } catch (error) {
    port.postMessage({ index: message.index, error: error instanceof Error ? error.message : String(error) });
  }
});
