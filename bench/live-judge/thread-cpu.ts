/**
 * CPU time of this process's threads over a span, read from Linux's scheduler statistics for each thread
 * (`/proc/self/task/<tid>/schedstat`, nanoseconds on a CPU), sampled every few ms so a thread that ends within the
 * span (the recorder's trace thread) is counted up to its last sample. Split three ways: the main thread, the threads
 * started within the span, and the rest (V8's background threads: optimising compiles, concurrent GC; libuv's pool).
 * With it, how many times each part was put on a CPU (the same file's third field): mostly wake-ups, which cost a
 * thread CPU of their own (about 0.08 ms each for a Node thread on the 2-core machine this was written on), plus the
 * times a busy machine preempted it. Off Linux `stop()` returns undefined.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ThreadSplit {
  main: number;
  started: number;
  background: number;
  /** Times each part was put on a CPU. */
  runs: { main: number; started: number; background: number };
}

export class ThreadCpu {
  private readonly first = new Map<number, [number, number]>();
  private readonly last = new Map<number, [number, number]>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly readable: boolean;

  constructor(everyMs = 10) {
    this.readable = this.sample(this.first);
    this.timer = setInterval(() => this.sample(this.last), everyMs);
  }

  /** Ends the span; ms of CPU per part. */
  stop(): ThreadSplit | undefined {
    clearInterval(this.timer);
    return this.sofar();
  }

  /** ms of CPU per part from the span's start to now (the span goes on). */
  sofar(): ThreadSplit | undefined {
    this.sample(this.last);
    if (!this.readable) return undefined;
    const split: ThreadSplit = { main: 0, started: 0, background: 0, runs: { main: 0, started: 0, background: 0 } };
    for (const [tid, [ms, runs]] of this.last) {
      const [beforeMs, beforeRuns] = this.first.get(tid) ?? [0, 0];
      const part = tid === process.pid ? "main" : this.first.has(tid) ? "background" : "started";
      split[part] += ms - beforeMs;
      split.runs[part] += runs - beforeRuns;
    }
    return split;
  }

  private sample(into: Map<number, [number, number]>): boolean {
    let tids: string[];
    try {
      tids = readdirSync("/proc/self/task");
    } catch {
      return false;
    }
    for (const tid of tids) {
      try {
        const [ns, , runs] = readFileSync(`/proc/self/task/${tid}/schedstat`, "latin1").split(" ").map(Number);
        if (Number.isFinite(ns) && Number.isFinite(runs)) into.set(Number(tid), [ns! / 1e6, runs!]);
      } catch {} // the thread ended between the listing and the read: its last sample stands
    }
    return true;
  }
}
