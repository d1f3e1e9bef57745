/**
 * A judge pool: a fixed number of judge threads (pool-worker.ts) shared by every live session of a process — a
 * gateway's hundreds of sessions cost that many threads, each loading the validator once, instead of a thread per
 * session. A session is placed on the thread with the fewest open sessions and talks to it over a `MessagePort` of
 * its own, so it is the same `LiveJudge` as a session on a thread of its own: `observe`, `lost`, `recorded`, `close`.
 * A session's judging state on its thread is bounded as a lone judge's is (session.ts: a queue of at most 20,000
 * events, dropped ones counted as missing), and is released once its report is sent.
 */
import { availableParallelism } from "node:os";
import { MessageChannel, Worker } from "node:worker_threads";
import { judgingOptions, LiveJudge, type LiveJudgeOptions } from "./live-judge.js";
import type { FromPoolThread, ToPoolThread } from "./pool-worker.js";
import type { WorkerOptions } from "./protocol.js";

const POOL_WORKER_URL = new URL("./pool-worker.js", import.meta.url);
/**
 * A pool thread's young generation at most (MB). V8 lets a busy thread's grow to tens of MB, which a thread judging
 * sessions one small batch at a time does not need: a JudgePool of 2 threads holding 1,000 open sessions took 278 MB
 * of RSS with V8's default, 240 MB with 8 (4 saved little more).
 */
const YOUNG_GENERATION_MB = 8;

export interface JudgePoolOptions {
  /** How many judge threads. Default: the cores available to the process (`os.availableParallelism()`). */
  threads?: number;
  /** The revision and actor most sessions will be judged at, for each thread's warm-up (see `startLiveJudge`). */
  warmUp?: Pick<WorkerOptions, "revision" | "actor">;
}

interface PoolThread {
  worker: Worker;
  /** Sessions placed on it whose report is not yet sent. */
  open: number;
  ready: Promise<void>;
}

/** The default size of a judge pool: the cores available to this process. */
export function defaultPoolThreads(): number {
  return availableParallelism();
}

export class JudgePool {
  /** The number of judge threads. */
  readonly threads: number;
  /** Resolves once every thread has loaded the validator and warmed up. */
  readonly ready: Promise<void>;
  private readonly pool: PoolThread[];
  private started = 0;
  private closing: Promise<void> | undefined;

  constructor(options: JudgePoolOptions = {}) {
    const threads = options.threads ?? defaultPoolThreads();
    if (!Number.isSafeInteger(threads) || threads < 1) {
      throw new RangeError(`a judge pool needs a whole number of threads, 1 or more (got ${threads})`);
    }
    this.threads = threads;
    const warm: WorkerOptions = {};
    if (options.warmUp?.revision !== undefined) warm.revision = options.warmUp.revision;
    if (options.warmUp?.actor !== undefined) warm.actor = options.warmUp.actor;
    this.pool = Array.from({ length: threads }, () => {
      const worker = new Worker(POOL_WORKER_URL, {
        workerData: warm,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      worker.unref(); // an idle pool never keeps its process alive; a session closing holds its own port
      const thread: PoolThread = { worker, open: 0, ready: Promise.resolve() };
      thread.ready = new Promise((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (message: FromPoolThread) => {
          if (message.type === "ready") resolve();
          else if (message.type === "ended") thread.open--;
        });
      });
      thread.ready.catch(() => {}); // a thread that failed to start fails its sessions, through their ports
      return thread;
    });
    this.ready = Promise.all(this.pool.map((thread) => thread.ready)).then(() => {});
  }

  /** A judge for one more live session, on the least busy thread. */
  session(options: LiveJudgeOptions = {}): LiveJudge {
    if (this.closing) throw new Error("the judge pool is closed");
    let thread = this.pool[0]!;
    for (const candidate of this.pool) if (candidate.open < thread.open) thread = candidate;
    const { port1, port2 } = new MessageChannel();
    const open: ToPoolThread = { type: "open", options: judgingOptions(options), port: port2 };
    thread.worker.postMessage(open, [port2]);
    thread.open++;
    this.started++;
    return new LiveJudge(options, undefined, port1, undefined, true);
  }

  /** Sessions started on the pool, and those whose report is not yet sent. */
  get sessions(): { started: number; open: number } {
    return { started: this.started, open: this.pool.reduce((n, thread) => n + thread.open, 0) };
  }

  /** Ends the threads. Close every session first: a session still open gets an error instead of its report. */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.pool.map((thread) => thread.worker.terminate())).then(() => {});
    return this.closing;
  }
}
