/**
 * Sinks receive the recorder's events, and each one sits behind its own bounded queue (`QueuedSink`): the
 * recorder's caller only ever pushes into a queue, a drain loop feeds the sink off the forwarding path, and a queue
 * that is full drops the new event and counts it. A slow or stalled sink therefore costs observations, never time.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { LineRecord } from "./line-event.js";
import type { RedactionRules } from "./privacy/redact.js";

/** What the recorder tells a sink once, before the first event: the session it records. */
export interface SessionInfo {
  /** The session id used for `{session}` in file names. */
  session: string;
  label: string;
  transport: TraceEvent["transport"];
  /** The recorder's redaction: a sink that builds events from `PendingEvent.line` itself must apply it. */
  redaction?: RedactionRules;
  /** The recorder's cut for an observed line (`maxMessageBytes`), for a sink that cuts lines itself (`enqueueChunk`). */
  maxLineBytes?: number;
}

/**
 * A destination for trace events: `write` is the one way in. It may return a promise; the queue waits for it before
 * the next event.
 */
export interface Sink {
  /** A short name for reports (`file`, `callback`, …). */
  readonly name: string;
  /** Called once by the recorder before any event. May throw (e.g. a file that exists) to refuse the session. */
  open?(info: SessionInfo): void;
  write(event: TraceEvent): void | Promise<void>;
  /** Called after each slice of events the queue delivered: the moment to write out what `write` gathered. */
  flush?(): void;
  /**
   * The queue hands this sink its events up to this many milliseconds after the first of them arrived, not at the
   * next turn of the loop, so the events of several exchanges go in one slice (a file sink: one write). Default 0.
   */
  readonly gatherMs?: number;
  close(): void | Promise<void>;
  /** Where the sink wrote, when that is a file. */
  readonly path?: string | undefined;
  /** Events the sink itself accepted (for a file: lines written). */
  readonly written?: number;
  /** Errors the sink met after opening (a full disk, …). */
  readonly errors?: readonly string[];
  /** Events the sink dropped itself (a sink with a queue of its own). */
  readonly dropped?: number;
}

/**
 * The recorder's own sinks (the file sinks) take events by faster ways than `write`, which their queue
 * (`QueuedSink`) uses when present. Not part of the public contract: a sink of your own implements `Sink`.
 */
export interface RecorderSink extends Sink {
  /**
   * Used instead of `write` for an observed line, when present: the line's raw facts, for a sink that makes its
   * trace line from the bytes (and redacts by `SessionInfo.redaction` itself).
   */
  writeObserved?(line: LineRecord): void;
  /**
   * A sink with a bounded queue of its own (the threaded file sink): takes the pending event at once, on the
   * caller's path, and must be cheap; returns false when it drops it. Such a sink counts its own `dropped`.
   */
  enqueue?(item: PendingEvent): boolean;
  /**
   * Such a sink may also take an observed line as the span of bytes it arrived in, `source[start, end)` (kept
   * bytes) of `length` (full length, more when cut), copying what it needs at once: then the recorder makes no
   * object for the line. `at`: milliseconds since the epoch, or undefined without timestamps.
   */
  enqueueLine?(
    seq: number,
    at: number | undefined,
    direction: TraceEvent["direction"],
    source: Buffer,
    start: number,
    end: number,
    length: number,
  ): boolean;
  /**
   * Such a sink may also take an observed stream whole, chunk by chunk as it arrived, and cut its lines itself (off
   * the forwarding thread). The recorder has counted and numbered them (`LineCounter`): `first` is the seq of the
   * first line that ends in `chunk`, `count` how many end there, `head` what its first line end ends. The chunk is
   * copied at once. Returns how many of those lines the sink lost: all of them when it has no room, and after such
   * a loss the line whose start went with it.
   */
  enqueueChunk?(
    first: number,
    count: number,
    head: number,
    at: number | undefined,
    direction: TraceEvent["direction"],
    chunk: Buffer,
  ): number;
  /** A stream given by chunks ended in a line without `\n`, numbered `seq`. Returns lines lost (1 or 0). */
  endChunks?(seq: number, at: number | undefined, direction: TraceEvent["direction"]): number;
}

/** Counters of one sink after (or during) a session. */
export interface SinkStats {
  name: string;
  path?: string | undefined;
  /** Events handed to the sink. */
  delivered: number;
  /** Events the sink reported as written (for a file: lines on disk). */
  written: number;
  /** Events dropped: the queue was full, the sink threw, or the queue was abandoned at close. */
  dropped: number;
  errors: string[];
}

/** An event whose body is built lazily, once, by the first sink that needs it (off the forwarding path). */
export interface PendingEvent {
  /** Approximate observed size in bytes, for the queue's byte budget. */
  readonly size: number;
  event(): TraceEvent;
  /**
   * The event before the recorder's redaction, for a sink that redacts on a thread of its own (by
   * `SessionInfo.redaction`), so that no redaction runs on the thread that forwards the session.
   */
  plain?(): TraceEvent;
  /**
   * For an observed line: its raw facts, so a sink in another thread can build the event there — and redact it
   * there by `SessionInfo.redaction`, which `event()` does here.
   */
  readonly line?: LineRecord;
  /** A lifecycle event: small and rare, so queues take it even when full (a trace keeps its open and close). */
  readonly essential?: boolean;
}

export interface QueueLimits {
  /** Events held at most before new ones are dropped. Default 100,000 (the byte bound usually comes first). */
  maxEvents?: number;
  /** Observed bytes held at most before new events are dropped. Default 64 MiB. */
  maxBytes?: number;
  /** How long `close()` waits for a stalled sink before abandoning what it still holds. Default 10 s. */
  closeTimeoutMs?: number;
}

const DEFAULTS = { maxEvents: 100_000, maxBytes: 64 * 1024 * 1024, closeTimeoutMs: 10_000 };
/**
 * The drain yields to I/O (the forwarding path) after this long, so a busy sink never holds the loop for long. Short,
 * because forwarding comes first: in a sustained burst the drain falls behind and the bounded queue drops (counted)
 * rather than the session slowing down; bench/recorder shows the trade (0.25 ms forwarded a 100 MB burst ~1.5x as
 * fast as 1 ms, dropping more of its observations).
 */
const SLICE_MS = 0.25;
const MAX_ERRORS_KEPT = 20;

/** A sink behind a bounded queue: `push` never blocks and never throws. */
export class QueuedSink {
  private readonly items: PendingEvent[] = [];
  private head = 0;
  private bytes = 0;
  private draining = false;
  private scheduled = false;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private delivered = 0;
  private dropped = 0;
  private readonly errors: string[] = [];
  private readonly limits: Required<QueueLimits>;
  /** The sink takes observed lines as spans (`pushSpan`). */
  readonly takesSpans: boolean;
  /** The sink takes observed streams as chunks and cuts their lines itself (`pushChunk`). */
  readonly takesChunks: boolean;
  private readonly gatherMs: number;

  constructor(
    readonly sink: RecorderSink,
    limits: QueueLimits = {},
  ) {
    this.limits = { ...DEFAULTS, ...limits };
    this.takesSpans = typeof sink.enqueueLine === "function";
    this.takesChunks = typeof sink.enqueueChunk === "function" && typeof sink.endChunks === "function";
    this.gatherMs = sink.gatherMs ?? 0;
  }

  /** A chunk of an observed stream holding the ends of `count` lines numbered from `first`, for a sink that `takesChunks`. */
  pushChunk(
    first: number,
    count: number,
    head: number,
    at: number | undefined,
    direction: TraceEvent["direction"],
    chunk: Buffer,
  ): void {
    const lost = this.closed ? count : this.sink.enqueueChunk!(first, count, head, at, direction, chunk);
    this.delivered += count - lost;
    this.dropped += lost;
  }

  /** Such a stream ended in a line without `\n`, numbered `seq`. */
  endChunks(seq: number, at: number | undefined, direction: TraceEvent["direction"]): void {
    const lost = this.closed ? 1 : this.sink.endChunks!(seq, at, direction);
    this.delivered += 1 - lost;
    this.dropped += lost;
  }

  /** An observed line as a span, for a sink that `takesSpans`. */
  pushSpan(
    seq: number,
    at: number | undefined,
    direction: TraceEvent["direction"],
    source: Buffer,
    start: number,
    end: number,
    length: number,
  ): void {
    if (!this.closed && this.sink.enqueueLine!(seq, at, direction, source, start, end, length)) this.delivered++;
    else this.dropped++;
  }

  push(item: PendingEvent): void {
    if (this.sink.enqueue) {
      if (!this.closed && this.sink.enqueue(item)) this.delivered++;
      else this.dropped++;
      return;
    }
    const held = this.items.length - this.head;
    const full = held >= this.limits.maxEvents || (held > 0 && this.bytes + item.size > this.limits.maxBytes);
    if (this.closed || (full && !item.essential)) {
      this.dropped++;
      return;
    }
    this.items.push(item);
    this.bytes += item.size;
    if (!this.draining && !this.scheduled) {
      this.scheduled = true;
      if (this.gatherMs > 0) setTimeout(() => void this.drain(), this.gatherMs);
      else setImmediate(() => void this.drain());
    }
  }

  private flushSink(): void {
    try {
      this.sink.flush?.();
    } catch (error) {
      this.noteError(error);
    }
  }

  private async drain(): Promise<void> {
    this.scheduled = false;
    this.draining = true;
    try {
      let sliceStart = performance.now();
      while (this.head < this.items.length) {
        const item = this.items[this.head]!;
        this.items[this.head] = undefined as never;
        this.head++;
        this.bytes -= item.size;
        if (this.head > 4096 && this.head * 2 > this.items.length) {
          this.items.splice(0, this.head);
          this.head = 0;
        }
        try {
          const line = item.line;
          const pending =
            line !== undefined && this.sink.writeObserved
              ? this.sink.writeObserved(line)
              : this.sink.write(item.event());
          this.delivered++;
          if (pending) await pending;
        } catch (error) {
          this.dropped++;
          this.noteError(error);
        }
        if (this.head < this.items.length && performance.now() - sliceStart >= SLICE_MS) {
          this.flushSink();
          // Let I/O (the forwarding path) run; the drain resumes after it, on the next turn of the loop.
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
    } finally {
      this.flushSink();
      this.draining = false;
      if (this.head >= this.items.length) {
        this.items.length = 0;
        this.head = 0;
        for (const wake of this.idleWaiters.splice(0)) wake();
      }
    }
  }

  private noteError(error: unknown): void {
    if (this.errors.length < MAX_ERRORS_KEPT) this.errors.push(error instanceof Error ? error.message : String(error));
  }

  /** Resolves when everything pushed so far has been handed to the sink (or the timeout passed). */
  private idle(timeoutMs: number): Promise<boolean> {
    if (this.head >= this.items.length && !this.draining) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Drains what is queued (up to the close timeout), then closes the sink. */
  async close(): Promise<SinkStats> {
    if (!this.closed) {
      this.closed = true;
      const drained = await this.idle(this.limits.closeTimeoutMs);
      if (!drained) {
        const abandoned = this.items.length - this.head;
        this.dropped += abandoned;
        this.items.length = 0;
        this.head = 0;
        this.noteError(`sink ${this.sink.name} still busy after ${this.limits.closeTimeoutMs} ms; abandoned its queue`);
      } else {
        try {
          await this.sink.close();
        } catch (error) {
          this.noteError(error);
        }
      }
    }
    return this.stats();
  }

  stats(): SinkStats {
    const sinkErrors = this.sink.errors ?? [];
    return {
      name: this.sink.name,
      path: this.sink.path,
      delivered: this.delivered,
      written: this.sink.written ?? this.delivered,
      dropped: this.dropped + (this.sink.dropped ?? 0),
      errors: [...this.errors, ...sinkErrors],
    };
  }
}
