/**
 * CPU time of this process's threads over a span, read from Linux's scheduler statistics for each thread
 * (`/proc/self/task/<tid>/schedstat`, nanoseconds on a CPU), sampled every few ms so a thread that ends within the
 * span (the recorder's trace thread) is counted up to its last sample. Split three ways: the main thread, the threads
 * started within the span, and the rest (V8's background threads: optimising compiles, concurrent GC; libuv's pool).
 * Off Linux `stop()` returns undefined.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ThreadSplit {
  main: number;
  started: number;
  background: number;
}

export class ThreadCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly readable: boolean;

  constructor(everyMs = 10) {
    this.readable = this.sample(this.first);
    this.timer = setInterval(() => this.sample(this.last), everyMs);
  }

  /** Ends the span; ms of CPU per part. */
  stop(): ThreadSplit | undefined {
    clearInterval(this.timer);
    this.sample(this.last);
    if (!this.readable) return undefined;
    const split: ThreadSplit = { main: 0, started: 0, background: 0 };
    for (const [tid, ms] of this.last) {
      const before = this.first.get(tid);
      if (tid === process.pid) split.main = ms - (before ?? 0);
      else if (before === undefined) split.started += ms;
      else split.background += ms - before;
    }
    return split;
  }

  private sample(into: Map<number, number>): boolean {
    let tids: string[];
    try {
      tids = readdirSync("/proc/self/task");
    } catch {
      return false;
    }
    for (const tid of tids) {
      try {
        const ns = Number.parseInt(readFileSync(`/proc/self/task/${tid}/schedstat`, "latin1"), 10);
        if (Number.isFinite(ns)) into.set(Number(tid), ns / 1e6);
      } catch {} // the thread ended between the listing and the read: its last sample stands
    }
    return true;
  }
}
