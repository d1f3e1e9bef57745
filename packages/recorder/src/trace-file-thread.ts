/**
 * One worker thread that writes the traces of many sessions — a proxy's — and redacts them there: the proxy's thread
 * only hands each session's observations over (an observed line's bytes, copied; any other event as built, before
 * redaction), gathered for every session into one message every few milliseconds. The thread builds each line's
 * event, applies the session's redaction (`SessionInfo.redaction`), writes the trace file, and, for a session whose
 * other sinks (a live judge, OTLP spans or logs) must see only redacted events, hands those events back: those sinks
 * then get them already redacted, and no redaction ever runs on the thread that forwards the traffic. A gateway with
 * a thousand redacting sessions costs one thread, not a thousand (bench/gateway's redacting variants).
 *
 * What waits for the thread is bounded (`maxPending` events across sessions): past it, a session's new observations
 * are dropped and counted (its lifecycle events are always taken), never waited for.
 */
import { Worker } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { LineRecord } from "./line-event.js";
import type { RedactionRules } from "./privacy/redact.js";
import { type PendingEvent, QueuedSink, type SessionInfo, type Sink } from "./sink.js";

/** From the proxy's thread to the writer thread: one batch, in order. */
export type ToFileThread = { entries: FileThreadEntry[] };

export type FileThreadEntry =
  | { open: number; path: string; redaction?: RedactionRules; echo: boolean }
  | { id: number; line: LineRecord }
  | { id: number; event: TraceEvent }
  | { close: number };

/** From the writer thread: a batch done (entries taken), redacted events handed back, sessions closed. */
export interface FromFileThread {
  taken: number;
  echo: [id: number, events: TraceEvent[]][];
  closed: { id: number; written: number; errors: string[] }[];
}

export interface TraceFileThreadOptions {
  /** Observations gathered this long (ms) before they go to the thread in one message. Default 10. */
  gatherMs?: number;
  /** Events waiting for the thread, across sessions, beyond which new ones are dropped. Default 200,000. */
  maxPending?: number;
}

export interface TraceFileSinkOptions {
  /** The session id for `{session}` in the template. */
  session: string;
  force?: boolean;
  /** An existing file is kept and the trace goes to a numbered sibling (`NAME-2.jsonl`, …) instead. */
  sibling?: boolean;
}

/** A session's file sink on the thread. */
export interface TraceFileSink extends Sink {
  readonly path: string;
  /**
   * Sinks that get the session's events once the thread has redacted them (each behind a bounded queue of its own),
   * instead of being given them by the recorder: call before the recorder opens this sink.
   */
  feed(sinks: readonly Sink[]): void;
}

function workerUrl(): URL {
  // From dist/ the worker sits beside this bundle; from src/ (tests running the sources) it is the built one.
  const here = import.meta.url;
  return here.endsWith(".ts")
    ? new URL("../dist/trace-file-thread-worker.js", here)
    : new URL("./trace-file-thread-worker.js", here);
}

const GATHER_MS = 10;
const MAX_PENDING = 200_000;

/** Writes (and redacts) the traces of many sessions on one worker thread, started with the first session. */
export class TraceFileThread {
  private worker: Worker | undefined;
  private entries: FileThreadEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending = 0;
  private nextId = 1;
  private readonly sessions = new Map<number, ThreadFileSink>();
  private failure: string | undefined;
  private readonly gatherMs: number;
  private readonly maxPending: number;

  constructor(options: TraceFileThreadOptions = {}) {
    this.gatherMs = options.gatherMs ?? GATHER_MS;
    this.maxPending = options.maxPending ?? MAX_PENDING;
  }

  /**
   * The file sink of one session: its file is created now (an existing one refused, or a sibling chosen, as by
   * `fileSink`), and written on the thread.
   */
  sink(template: string, options: TraceFileSinkOptions): TraceFileSink {
    const probe = openTraceWriter(template, {
      force: options.force ?? false,
      sibling: options.sibling ?? false,
      session: options.session,
    });
    void probe.close();
    const sink = new ThreadFileSink(this, this.nextId++, probe.path);
    this.sessions.set(sink.id, sink);
    return sink;
  }

  /** Ends the thread once every session's sink has closed. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((sink) => sink.close()));
    this.flush();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  /** Whether an observation can be taken now (essential ones always are). */
  room(essential: boolean): boolean {
    return essential || this.pending < this.maxPending;
  }

  send(entry: FileThreadEntry, counted: boolean): void {
    if (this.failure !== undefined) return;
    this.entries.push(entry);
    if (counted) this.pending++;
    this.timer ??= setTimeout(() => this.flush(), this.gatherMs);
  }

  /** Hands what has gathered to the thread now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.entries.length === 0 || this.failure !== undefined) return;
    const batch: ToFileThread = { entries: this.entries };
    this.entries = [];
    this.start().postMessage(batch);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerUrl());
    worker.unref();
    worker.on("message", (reply: FromFileThread) => {
      this.pending = Math.max(0, this.pending - reply.taken);
      for (const [id, events] of reply.echo) this.sessions.get(id)?.redactedEvents(events);
      for (const closed of reply.closed) {
        this.sessions.get(closed.id)?.closed(closed.written, closed.errors);
        this.sessions.delete(closed.id);
      }
    });
    worker.on("error", (error) => {
      this.failure = `trace writer thread failed: ${error.message}`;
      for (const sink of this.sessions.values()) sink.closed(0, [this.failure]);
      this.sessions.clear();
    });
    this.worker = worker;
    return worker;
  }
}

/** One session's file on the shared thread. */
class ThreadFileSink implements TraceFileSink {
  readonly name = "file";
  dropped = 0;
  private writtenCount = 0;
  private readonly ownErrors: string[] = [];
  private redacted: QueuedSink[] = [];
  private opened = false;
  private closing: Promise<void> | undefined;
  private done!: () => void;
  /** Settles when the thread has closed the file (or failed). */
  private readonly finished = new Promise<void>((resolve) => {
    this.done = resolve;
  });

  constructor(
    private readonly thread: TraceFileThread,
    readonly id: number,
    readonly path: string,
  ) {}

  feed(sinks: readonly Sink[]): void {
    if (this.opened) throw new Error("feed() after the sink was opened");
    this.redacted.push(...sinks.map((sink) => new QueuedSink(sink)));
  }

  get written(): number {
    return this.writtenCount;
  }

  get errors(): string[] {
    return this.ownErrors;
  }

  open(info: SessionInfo): void {
    if (this.opened) return;
    this.opened = true;
    for (const queue of this.redacted) queue.sink.open?.(info);
    const open: FileThreadEntry = { open: this.id, path: this.path, echo: this.redacted.length > 0 };
    if (info.redaction) open.redaction = info.redaction;
    this.thread.send(open, false);
  }

  /** On the caller's path: the observation goes to the thread as it arrived, before redaction. */
  enqueue(item: PendingEvent): boolean {
    if (this.closing || !this.thread.room(item.essential === true)) {
      this.dropped++;
      return false;
    }
    const { line } = item;
    if (line) {
      // A copy of exactly its bytes: a view into a larger buffer would carry all of that buffer across.
      this.thread.send({ id: this.id, line: { ...line, bytes: new Uint8Array(line.bytes) } }, true);
    } else this.thread.send({ id: this.id, event: item.plain ? item.plain() : item.event() }, true);
    return true;
  }

  write(event: TraceEvent): void {
    this.thread.send({ id: this.id, event }, true);
  }

  /** The thread redacted these events of the session: on to its other sinks. */
  redactedEvents(events: TraceEvent[]): void {
    for (const event of events) {
      const item: PendingEvent = { size: 256, event: () => event };
      for (const queue of this.redacted) queue.push(item);
    }
  }

  closed(written: number, errors: string[]): void {
    this.writtenCount = written;
    this.ownErrors.push(...errors);
    this.done();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.thread.send({ close: this.id }, false);
      this.thread.flush();
      await this.finished;
      await Promise.all(this.redacted.map((queue) => queue.close()));
    })();
    return this.closing;
  }
}
