/**
 * A judge thread of its own (the live judge's default, and `JudgeThread`'s): events arrive in batches from the
 * session's thread and are judged by a `Session` (session.ts), whose passes are posted back. One session at a time:
 * the first starts with the thread (its options as `workerData`), each later one with a `start` message once the one
 * before is done, so sessions judged one after another load the validator once.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { FromWorker, ToWorker, WorkerOptions } from "./protocol.js";
import { Session } from "./session.js";
import { settle } from "./settle.js";
import { warmUp } from "./warm-up.js";

const port = parentPort;
if (!port) throw new Error("the live judge's worker must run in a worker thread");
const send = (message: FromWorker) => port.postMessage(message);

const first = workerData === undefined || workerData === null ? undefined : (workerData as WorkerOptions);
warmUp(first);
let session: Session | undefined = first === undefined ? undefined : new Session(first, send);
void settle().then(() => send({ type: "ready" }));

port.on("message", (message: ToWorker) => {
  if (message.type === "start") session = new Session(message.options, send);
  else session?.receive(message);
});
