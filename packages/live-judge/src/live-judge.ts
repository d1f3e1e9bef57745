/**
 * The session's side of the live judge: events are handed over in batches (one `postMessage` every few ms, never
 * one per event) to the judge's worker thread, whose passes come back as new findings and the tally. Nothing
 * here waits for judging; `close()` is the only call that does, once the session is over.
 */
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { findingKey, type Report } from "@mcp-conf/validator";
import { createMailbox, type LOOK, MailboxReader } from "./mailbox.js";
import type { FromWorker, LiveFinding, Tally, ToWorker, WorkerOptions } from "./protocol.js";
import type { TapData } from "./tap.js";

export interface LiveJudgeOptions extends WorkerOptions {
  /** After every pass that found something new, or moved the exchange count. */
  onPass?: (update: LivePass) => void;
  /** Judging stopped (an undeclared or unknown revision); the session goes on. */
  onError?: (message: string) => void;
}

export interface LivePass {
  /** Findings shown for the first time by this pass. */
  findings: LiveFinding[];
  tally: Tally;
  /** The seq of the last event this pass judged. */
  lastSeq: number;
}

export interface LiveSummary {
  /** Findings of the whole-trace report that no pass printed (most rest on what the trace never held). */
  endFindings: LiveFinding[];
  /** Findings printed live that the whole-trace report does not hold. */
  withdrawn: LiveFinding[];
  /** Counts over the whole-trace report (fail and warn findings) and every exchange. */
  tally: Tally;
  report?: Report;
  /** The report exactly as `mcp-conf validate` prints it. */
  reportText?: string;
  /** Why the trace could not be judged, when it could not. */
  error?: string;
  /**
   * Wall time the judge's thread spent in its passes and on the end-of-session report, in ms (on a busy machine, more
   * than the CPU time it used).
   */
  judgingMs: number;
  /** The server answered some request with a result: the MCP session started. */
  started: boolean;
}

/** Where a judge runs: a worker of its own, or a `MessagePort` to a tap on another thread (tap.ts). */
type JudgeHost = Worker | MessagePort;

/**
 * Events are handed to the judge's thread at most this often: one message per few ms instead of one per event
 * keeps the cost of crossing threads small, for a lag the user cannot see.
 */
const HAND_OVER_MS = 4;

const WORKER_URL = new URL("./worker.js", import.meta.url);
const TAP_URL = new URL("./tap.js", import.meta.url);

export class LiveJudge {
  private readonly worker: JudgeHost;
  /** Whether the thread (or port) is this session's alone (ended with it) or a `JudgeThread`'s (kept for the next). */
  private readonly ownsWorker: boolean;
  /** The judge runs elsewhere (a tap on the recorder's thread): events reach it there, not through `observe`. */
  private readonly remote: boolean;
  private pending: Array<TraceEvent | string> = [];
  private flushScheduled = false;
  private readonly printed = new Map<string, LiveFinding>();
  private readonly tally: Tally = { exchanges: 0, fail: 0, warn: 0 };
  private closing: Promise<LiveSummary> | undefined;
  private polling = false;
  private resolveDone: ((message: Extract<FromWorker, { type: "done" }>) => void) | undefined;
  private resolveReady: (() => void) | undefined;
  /** Resolves once the judge's thread has loaded the validator (events observed before are queued, not lost). */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.resolveReady = resolve;
  });
  private readonly onMessage = (message: FromWorker | typeof LOOK) => this.receive(message);
  private readonly onWorkerError = (error: Error) => {
    this.options.onError?.(error.message);
    this.resolveDone?.({
      type: "done",
      all: [],
      error: error.message,
      exchanges: this.tally.exchanges,
      started: false,
      busyMs: 0,
    });
  };
  private readonly onPortClose = () => this.onWorkerError(new Error("the judge's thread ended before its report"));

  /**
   * A session on a thread of its own, on `thread` (a `JudgeThread`'s, idle: its last session is closed), or on the
   * other end of `tap`'s port: a tap on the trace's thread, fed there (see `liveJudgeTap`), or a pool thread's
   * session, fed through `observe` here (`fedHere`, see `JudgePool`).
   */
  constructor(
    private readonly options: LiveJudgeOptions = {},
    thread?: { worker: Worker; ready: Promise<void> },
    tap?: MessagePort,
    private readonly mailbox?: MailboxReader,
    fedHere = false,
  ) {
    const workerOptions = judgingOptions(options);
    this.ownsWorker = thread === undefined;
    this.remote = tap !== undefined && !fedHere;
    this.worker = tap ?? thread?.worker ?? new Worker(WORKER_URL, { workerData: workerOptions });
    this.worker.on("message", this.onMessage);
    this.worker.unref();
    if (tap) tap.on("close", this.onPortClose);
    else this.worker.on("error", this.onWorkerError);
    if (thread !== undefined) {
      this.post({ type: "start", options: workerOptions });
      void thread.ready.then(() => this.resolveReady?.());
    }
  }

  /** Hands one event to the judge. Never blocks, never throws. */
  observe(event: TraceEvent): void {
    this.hand(event);
  }

  /**
   * Hands one event as its trace line (one JSON object, as a trace file holds it): it is parsed on the judge's
   * thread, so a process that receives lines (a fleet's `serve`) never parses them itself. A line that is no event
   * stops the judging, as an unreadable trace does.
   */
  observeLine(line: string): void {
    this.hand(line);
  }

  private hand(item: TraceEvent | string): void {
    if (this.closing || this.remote) return;
    this.pending.push(item);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setTimeout(() => this.flush(), HAND_OVER_MS).unref();
  }

  /**
   * Counts observations lost outside the judge (a trace file's failed writes, dropped spans) that leave no gap in
   * the seq it sees: the report will say it judged an incomplete capture. Call before `close()`.
   */
  lost(count: number): void {
    if (this.closing || !(Number.isSafeInteger(count) && count > 0)) return;
    this.post({ type: "lost", count });
  }

  /**
   * The recorder gave `count` observations a seq (its `RecorderStats.recorded`): those after the last one that
   * reached the judge — dropped on their way to it, which no later event shows as a gap — count as missing in the
   * report. Call before `close()`.
   */
  recorded(count: number): void {
    if (this.closing || !(Number.isSafeInteger(count) && count > 0)) return;
    this.post({ type: "recorded", count });
  }

  /** The session is over: judge what is left, finish the trace, and compare the live findings with the report. */
  close(): Promise<LiveSummary> {
    // What the tap's last passes left in the mailbox is handed on now: the session's thread hands it nothing more,
    // so it would otherwise wait for the tap's look message or the report.
    if (!this.closing) this.poll();
    this.closing ??= new Promise<Extract<FromWorker, { type: "done" }>>((resolve) => {
      this.resolveDone = resolve;
      // An idle judge never keeps its process alive; one finishing a report does, until the report is in.
      this.worker.ref();
      this.flush();
      this.post({ type: "finish" });
    }).then((done) => this.summarise(done));
    return this.closing;
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    this.post({ type: "events", events });
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  /** @internal What the tap's thread left in the mailbox (mailbox.ts), handled in the order it was sent. */
  poll(): void {
    if (this.polling || !this.mailbox?.holds()) return;
    this.polling = true;
    try {
      for (const message of this.mailbox.take() ?? []) this.handle(message);
    } finally {
      this.polling = false;
    }
  }

  private receive(message: FromWorker | typeof LOOK): void {
    this.poll();
    try {
      if (message.type !== "look") this.handle(message);
    } finally {
      this.mailbox?.handled();
    }
  }

  private handle(message: FromWorker): void {
    switch (message.type) {
      case "ready":
        this.resolveReady?.();
        return;
      case "pass": {
        const moved = message.exchanges !== this.tally.exchanges;
        this.tally.exchanges = message.exchanges;
        for (const finding of message.findings) {
          this.printed.set(findingKey(finding.requirement, finding), finding);
          this.tally[finding.outcome]++;
        }
        if (moved || message.findings.length > 0) {
          this.options.onPass?.({ findings: message.findings, tally: { ...this.tally }, lastSeq: message.lastSeq });
        }
        return;
      }
      case "error":
        this.options.onError?.(message.message);
        return;
      case "done":
        this.resolveDone?.(message);
        return;
    }
  }

  private async summarise(done: Extract<FromWorker, { type: "done" }>): Promise<LiveSummary> {
    this.worker.off("message", this.onMessage);
    if (this.worker instanceof Worker) {
      this.worker.off("error", this.onWorkerError);
      if (this.ownsWorker) await this.worker.terminate();
      else this.worker.unref();
    } else {
      this.worker.off("close", this.onPortClose);
      this.worker.close();
    }
    const inReport = new Set(done.all.map((finding) => findingKey(finding.requirement, finding)));
    const endFindings = done.all.filter((finding) => !this.printed.has(findingKey(finding.requirement, finding)));
    const withdrawn = [...this.printed].filter(([key]) => !inReport.has(key)).map(([, finding]) => finding);
    const tally: Tally = { exchanges: done.exchanges, fail: 0, warn: 0 };
    // A line summing up findings past the cap counts as the findings it stands for.
    for (const finding of done.all) tally[finding.outcome] += finding.unlisted ?? 1;
    const summary: LiveSummary = { endFindings, withdrawn, tally, judgingMs: done.busyMs, started: done.started };
    if (done.report) summary.report = done.report;
    if (done.reportText !== undefined) summary.reportText = done.reportText;
    if (done.error !== undefined) summary.error = done.error;
    return summary;
  }
}

/** The options the judge's thread is given (no callbacks: they stay on the session's thread). */
export function judgingOptions(options: LiveJudgeOptions): WorkerOptions {
  const judging: WorkerOptions = {};
  if (options.revision !== undefined) judging.revision = options.revision;
  if (options.trace !== undefined) judging.trace = options.trace;
  if (options.slowPassMs !== undefined) judging.slowPassMs = options.slowPassMs;
  if (options.pacing !== undefined) judging.pacing = options.pacing;
  if (options.actor !== undefined) judging.actor = options.actor;
  if (options.reportRows !== undefined) judging.reportRows = options.reportRows;
  if (options.color !== undefined) judging.color = options.color;
  return judging;
}

/** Starts a judge thread for one live session. */
export function startLiveJudge(options: LiveJudgeOptions = {}): LiveJudge {
  return new LiveJudge(options);
}

/**
 * What a thread that writes the trace (the recorder's threaded file sink) is given to run a judge beside it: the
 * module it loads, the data that module's `openTap` receives, and what that data transfers (the judge's port).
 */
export interface JudgeTap {
  module: string;
  data: unknown;
  transfer: MessagePort[];
  /** For that thread's owner to call on the session's thread whenever it hands that thread something (cheap). */
  poll: () => void;
}

/**
 * A live judge that runs on the thread writing the trace, as a tap (tap.ts): `tap` goes to that thread (the
 * recorder's `threadedFileSink` option `tap`), `judge` stays here for the findings and the report. It judges every
 * event the trace file gets, as the file gets it; its `observe` does nothing.
 */
export function liveJudgeTap(options: LiveJudgeOptions = {}): { judge: LiveJudge; tap: JudgeTap } {
  const { port1, port2 } = new MessageChannel();
  const mailbox = createMailbox();
  const judge = new LiveJudge(options, undefined, port1, new MailboxReader(mailbox));
  const data: TapData = { options: judgingOptions(options), port: port2, mailbox };
  return { judge, tap: { module: TAP_URL.href, data, transfer: [port2], poll: () => judge.poll() } };
}

/**
 * One judge thread for sessions judged one after another (each `session` once the one before is closed): the
 * thread loads the validator once instead of once per session. `close()` ends the thread.
 */
export class JudgeThread {
  private readonly worker = new Worker(WORKER_URL, { workerData: null });
  private current: LiveJudge | undefined;
  private resolveReady: (() => void) | undefined;
  /** Resolves once the thread has loaded the validator. */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.resolveReady = resolve;
  });

  constructor() {
    this.worker.unref();
    this.worker.once("message", () => this.resolveReady?.());
  }

  /** Starts the next session on this thread, closing the one before first if it is still open. */
  async session(options: LiveJudgeOptions = {}): Promise<LiveJudge> {
    if (this.current !== undefined) await this.current.close();
    this.current = new LiveJudge(options, { worker: this.worker, ready: this.ready });
    return this.current;
  }

  /** Ends the thread (after the current session's summary, if one is open). */
  async close(): Promise<void> {
    await this.current?.close();
    await this.worker.terminate();
  }
}
