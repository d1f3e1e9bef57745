/**
 * A worker thread of `mcp-conf check` (@mcp-conf/gate's checkTraces pool): it runs the judging bundle through its
 * code cache, which makes a worker's start-up cheap; where the bundle cannot load, the same code from the ESM modules.
 */
import { parentPort } from "node:worker_threads";
import { loadJudging } from "../startup/judging-bundle.js";

const port = parentPort;
if (!port) throw new Error("check's worker must run in a worker thread");
const bundle = loadJudging();
const gate = "exports" in bundle ? await bundle.exports.loadGate() : await import("@mcp-conf/gate");
gate.answerCheckRequests(port);
