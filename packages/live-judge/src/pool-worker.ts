/**
 * One thread of a judge pool (pool.ts): it loads the validator once, warms up once, and then judges every session the
 * pool gives it, side by side. Each session arrives as an `open` message carrying a `MessagePort` of its own, over
 * which its events come and its passes go exactly as with a judge thread of its own (worker.ts), so the session's
 * side is the same `LiveJudge`. Sessions share the thread's CPU clock (one file descriptor per thread, not one per
 * session); each keeps its own bounded queue and budget (session.ts).
 */
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import type { FromWorker, ToWorker, WorkerOptions } from "./protocol.js";
import { Session } from "./session.js";
import { settle } from "./settle.js";
import { ThreadClock } from "./thread-clock.js";
import { warmUp } from "./warm-up.js";

/** From the pool to one of its threads. */
export type ToPoolThread = { type: "open"; options: WorkerOptions; port: MessagePort };
/** From a pool thread to the pool: it is ready, or one of its sessions has sent its report. */
export type FromPoolThread = { type: "ready" } | { type: "ended" };

const pool = parentPort;
if (!pool) throw new Error("a judge pool's thread must run in a worker thread");

const clock = new ThreadClock();
warmUp((workerData ?? {}) as WorkerOptions);
const ready = settle().then(() => pool.postMessage({ type: "ready" } satisfies FromPoolThread));

pool.on("message", (message: ToPoolThread) => {
  if (message.type !== "open") return;
  const { port, options } = message;
  // A session judged at another revision than the thread warmed up for gets that revision loaded now (once).
  if (options.revision !== undefined) warmUp(options);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    port.close();
    pool.postMessage({ type: "ended" } satisfies FromPoolThread);
  };
  const send = (reply: FromWorker) => {
    if (ended) return;
    port.postMessage(reply);
    if (reply.type === "done") end();
  };
  const session = new Session(options, send, clock);
  port.on("message", (next: ToWorker) => {
    if (next.type !== "start") session.receive(next);
  });
  // The session's side went away without its report (its process is stopping): nothing more to judge.
  port.once("close", end);
  void ready.then(() => send({ type: "ready" }));
});
