/**
 * A worker thread of `mcp-conf check`: inspects the traces it is handed, one at a time, and posts each result back.
 */
import { parentPort } from "node:worker_threads";
import { type InspectRequest, inspectTrace } from "./inspect.js";

const port = parentPort;
if (!port) throw new Error("check's worker must run in a worker thread");
port.on("message", async (message: { index: number; request: InspectRequest }) => {
  try {
    port.postMessage({ index: message.index, result: await inspectTrace(message.request) });
  } catch (error) {
    port.postMessage({ index: message.index, error: error instanceof Error ? error.message : String(error) });
  }
});
