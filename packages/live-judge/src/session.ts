/**
 * One session's judging, wherever its thread is (a judge thread of its own, worker.ts, or the recorder's file-sink
 * thread, tap.ts). Events are taken as they come; each pass judges what arrived since the last one — the incremental
 * engine observes the new events only — and sends back the findings new since the last pass, once each. Judging is
 * held to a quarter of a core on average by a budget: every millisecond of wall time earns a quarter millisecond of
 * judging, a pass spends what it took, and when the budget is spent the next pass waits until it is earned back (at
 * most `BURST_MS` can be saved up, so a cold start is absorbed without a long pause). Before it waits, what the
 * passes took beyond the CPU time the thread ran (thread-clock.ts) is given back: on a busy machine that is time spent
 * waiting for a core, which judged nothing, and charging it would hold findings back for other processes' work. If
 * the session outruns the judge, events queue up here and findings lag — the session never waits. The queue is
 * bounded so a judge can run for days beside a busy server: past `MAX_QUEUED` waiting events, arriving ones are
 * dropped, which the judge sees as gaps in seq and counts in its report as observations missing.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Attribution, createJudge, findingKey, type Judge, renderReport } from "@mcp-conf/validator";
import { answersWithResult, exchangesCompletedBy } from "./exchanges.js";
import type { FromWorker, LiveFinding, ToWorker, WorkerOptions } from "./protocol.js";
import { ThreadClock } from "./thread-clock.js";
import { prepare, versionNamedBy } from "./warm-up.js";

const BURST_MS = 250;
/** Events waiting beyond this many are dropped (and counted as missing in the report). */
const MAX_QUEUED = 20_000;
/** At most this many events per pass: batches arriving meanwhile are taken in, and held to the cap, between passes. */
const PASS_EVENTS = 2_000;
/** A pass with no new finding reports the exchange count at most this often (for a terminal's tally). */
const TALLY_EVERY_MS = 100;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** One session's judging: its engine, what it has posted, its queue and its budget. */
export class Session {
  /** Judging ms earned per ms of wall time: 1/(1+pacing), a quarter of a core by default. */
  private readonly share: number;
  private readonly judge: Judge;
  private attribution: Attribution | undefined;
  private readonly posted = new Set<string>();
  private seen = 0;
  private exchanges = 0;
  private lastSeq = -1;
  private busyMs = 0;
  private broken: string | undefined;
  private readonly queue: TraceEvent[] = [];
  /** Events dropped since the last one queued: a gap in seq that no later event shows the judge. */
  private droppedAtEnd = 0;
  /** Observations the session gave a seq, once told (`recorded`): those past the last one judged are missing. */
  private recordedCount: number | undefined;
  private finishing = false;
  private scheduled = false;
  private budgetMs = BURST_MS;
  private budgetAt = performance.now();
  /** The thread's CPU clock: the session's own, or one a pool thread shares among its sessions (not closed here). */
  private readonly clock: ThreadClock;
  private readonly ownsClock: boolean;
  /** The thread's CPU time and the passes' wall time when the budget was last checked against it. */
  private checked: { cpuMs: number; busyMs: number } | undefined;
  private lastPost = 0;
  private postedExchanges = 0;
  private tallyTimer: ReturnType<typeof setTimeout> | undefined;

  /** The server answered a request with a result: the MCP session started (said apart from a server that died first). */
  private started = false;
  /** No client request has named a version yet (and none was given): the next that does gets its revision loaded. */
  private awaitingVersion: boolean;

  constructor(
    private readonly options: WorkerOptions,
    private readonly send: (message: FromWorker) => void,
    clock?: ThreadClock,
  ) {
    this.ownsClock = clock === undefined;
    this.clock = clock ?? new ThreadClock();
    this.share = 1 / (1 + (options.pacing ?? 3));
    this.awaitingVersion = options.revision === undefined;
    this.judge = createJudge({
      ...(options.revision === undefined ? {} : { revision: options.revision }),
      ...(options.actor === undefined ? {} : { actor: options.actor }),
    });
    this.refund();
  }

  /** One observed event, in seq order: queued for the next pass, or dropped (counted) when the queue is full. */
  take(event: TraceEvent): void {
    if (!this.started && answersWithResult(event)) this.started = true;
    if (this.queue.length < MAX_QUEUED) {
      this.queue.push(event);
      this.droppedAtEnd = 0;
    } else {
      this.exchanges += exchangesCompletedBy(event);
      this.droppedAtEnd++;
    }
    this.schedule();
  }

  /** One event as its trace line; a line that is no trace event stops the judging (the session goes on). */
  private takeLine(line: string): void {
    let event: TraceEvent;
    try {
      event = JSON.parse(line) as TraceEvent;
    } catch (error) {
      this.broken = error instanceof Error ? error.message : String(error);
      this.send({ type: "error", message: this.broken });
      return;
    }
    this.take(event);
  }

  /** Whether an event given now would be dropped (so a tap's thread need not build it). */
  full(): boolean {
    return this.queue.length >= MAX_QUEUED;
  }

  /** An event dropped unseen because the queue was full (counted as missing; its exchanges go uncounted). */
  skipped(): void {
    this.droppedAtEnd++;
  }

  receive(message: Exclude<ToWorker, { type: "start" }>): void {
    if (message.type === "events") {
      for (const item of message.events) {
        if (typeof item !== "string") this.take(item);
        else if (this.broken === undefined) this.takeLine(item);
      }
      return;
    }
    if (message.type === "lost") this.judge.lost(message.count);
    else if (message.type === "recorded") this.recordedCount = message.count;
    else this.finishing = true;
    this.schedule();
  }

  /**
   * The next pass. In budget, it runs as soon as what brought the events is done (the batch they came in), not on a
   * timer of its own: no wake-up of the thread for it, and no millisecond of lag. A pass that leaves events queued
   * is followed on a timer instead, so the thread's other work (the trace's batches) gets its turn in between.
   */
  private schedule(yieldFirst = false): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const now = performance.now();
    this.budgetMs = Math.min(BURST_MS, this.budgetMs + (now - this.budgetAt) * this.share);
    this.budgetAt = now;
    if (this.budgetMs < 0) this.refund();
    if (this.budgetMs >= 0 && !yieldFirst) queueMicrotask(() => this.run());
    else setTimeout(() => this.run(), Math.max(0, -this.budgetMs / this.share));
  }

  /**
   * Gives back what the passes since the last check took beyond the CPU time the thread ran meanwhile (the thread's
   * other work counts against the judge too, so this never gives back too much). Not with `slowPassMs`: its sleep
   * stands in for a judge that is slow on a CPU.
   */
  private refund(): void {
    const cpuMs = this.options.slowPassMs ? undefined : this.clock.now();
    if (cpuMs === undefined) return;
    const since = this.checked;
    this.checked = { cpuMs, busyMs: this.busyMs };
    const waited = since ? this.busyMs - since.busyMs - (cpuMs - since.cpuMs) : 0;
    if (waited > 0) this.budgetMs = Math.min(BURST_MS, this.budgetMs + waited);
  }

  private run(): void {
    this.scheduled = false;
    if (this.queue.length > 0) this.pass();
    if (this.queue.length > 0) this.schedule(true);
    else if (this.finishing) this.done();
  }

  private pass(): void {
    const started = performance.now();
    const batch = this.queue.splice(0, PASS_EVENTS);
    const fresh: LiveFinding[] = [];
    for (const event of batch) {
      this.exchanges += exchangesCompletedBy(event);
      this.lastSeq = event.seq;
      if (this.awaitingVersion) this.expect(event);
      if (this.broken === undefined) this.observe(event);
    }
    if (this.broken === undefined) this.collect(fresh);
    if (this.options.slowPassMs) Atomics.wait(sleeper, 0, 0, this.options.slowPassMs);
    const now = performance.now();
    const took = now - started;
    this.busyMs += took;
    this.budgetMs -= took;
    if (fresh.length > 0 || (this.exchanges !== this.postedExchanges && now - this.lastPost >= TALLY_EVERY_MS)) {
      this.post(fresh);
    } else if (this.exchanges !== this.postedExchanges) {
      this.tallyTimer ??= setTimeout(() => this.post([]), TALLY_EVERY_MS);
    }
  }

  private post(findings: LiveFinding[]): void {
    if (this.tallyTimer) clearTimeout(this.tallyTimer);
    this.tallyTimer = undefined;
    this.lastPost = performance.now();
    this.postedExchanges = this.exchanges;
    this.send({ type: "pass", findings, exchanges: this.exchanges, lastSeq: this.lastSeq, busyMs: this.busyMs });
  }

  /** A client's request that names a version: its revision is loaded now, before the server answers. */
  private expect(event: TraceEvent): void {
    const version = this.judge.revision === undefined ? versionNamedBy(event) : undefined;
    if (version !== undefined) prepare(version, this.options.actor);
    if (version !== undefined || this.judge.revision !== undefined) this.awaitingVersion = false;
  }

  private observe(event: TraceEvent): void {
    try {
      this.judge.observe(event);
    } catch (error) {
      this.broken = error instanceof Error ? error.message : String(error);
      this.send({ type: "error", message: this.broken });
    }
  }

  /** Findings new since the last pass, attributed to the requirements they count against now. */
  private collect(into: LiveFinding[]): void {
    const findings = this.judge.findings();
    if (findings.length === this.seen || !this.judge.registry || !this.judge.facts) return;
    this.attribution ??= new Attribution(this.judge.registry, this.options.actor);
    for (; this.seen < findings.length; this.seen++) {
      for (const live of this.attribution.attribute(findings[this.seen]!, this.judge.facts)) {
        const key = findingKey(live.requirement, live);
        if (this.posted.has(key)) continue;
        this.posted.add(key);
        into.push(live);
      }
    }
  }

  private done(): void {
    if (this.tallyTimer) clearTimeout(this.tallyTimer);
    if (this.ownsClock) this.clock.close();
    const started = performance.now();
    const { options, exchanges } = this;
    let message: FromWorker;
    try {
      if (this.broken !== undefined) throw new Error(this.broken);
      const missingAtEnd = Math.max(this.droppedAtEnd, (this.recordedCount ?? 0) - 1 - this.lastSeq);
      if (missingAtEnd > 0) this.judge.lost(missingAtEnd);
      const report = this.judge.finish();
      this.attribution ??= new Attribution(this.judge.registry!, options.actor);
      message = {
        type: "done",
        all: this.attribution.fromReport(report),
        report,
        reportText: renderReport(report, "text", {
          ...(options.trace === undefined ? {} : { trace: options.trace }),
          rows: options.reportRows ?? "all",
          color: options.color === true,
        }),
        exchanges,
        started: this.started,
        busyMs: 0,
      };
    } catch (error) {
      message = {
        type: "done",
        all: [],
        error: error instanceof Error ? error.message : String(error),
        exchanges,
        started: this.started,
        busyMs: 0,
      };
    }
    message.busyMs = this.busyMs + (performance.now() - started);
    this.send(message);
  }
}
