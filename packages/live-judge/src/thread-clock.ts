/**
 * The CPU time the calling thread has run, for the judge's budget: on a busy machine a pass's wall time counts every
 * moment the thread waited for a core, and a budget charged in wall time would hold the judge back for other
 * processes' work. Node 20 has no per-thread CPU clock, so it is read from Linux's scheduler statistics for the
 * thread (`/proc/thread-self/schedstat`, its first field: nanoseconds on a CPU, current to the last scheduler tick),
 * through a file descriptor opened once. Elsewhere `now()` is undefined and the budget stays in wall time.
 */
import { closeSync, openSync, readSync } from "node:fs";

export class ThreadClock {
  private fd: number | undefined;
  private readonly buffer = Buffer.alloc(64);

  /** Opens the clock of the thread that calls this. */
  constructor() {
    try {
      this.fd = openSync("/proc/thread-self/schedstat", "r");
    } catch {}
  }

  /** Milliseconds this thread has run on a CPU, or undefined where that cannot be read. */
  now(): number | undefined {
    if (this.fd === undefined) return undefined;
    try {
      const read = readSync(this.fd, this.buffer, 0, this.buffer.length, 0);
      const ns = Number.parseInt(this.buffer.toString("latin1", 0, read), 10);
      return Number.isFinite(ns) ? ns / 1e6 : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
