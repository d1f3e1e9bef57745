/**
 * A file sink whose work happens on a worker thread: the caller's path only copies an observed line's bytes into
 * a batch buffer (no decoding, no JSON, no I/O); every few milliseconds, or when it is full, the batch is
 * transferred to the worker, which builds the events and writes them with trace-format's writer. What is in flight is bounded (events
 * and bytes posted but not yet acknowledged); past the bound new events are dropped and counted, never waited for.
 * The file is created (or refused) here, synchronously, before the worker starts.
 */
import { Worker } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { RedactionRules } from "./privacy/redact.js";
import type { PendingEvent, SessionInfo, Sink } from "./sink.js";

/** What the worker is started with. */
export interface WorkerStart {
  path: string;
  flush: "line" | "none";
}

/** Fields per line in a batch's metadata array (a Float64Array, transferred with the bytes). */
export const LINE_FIELDS = 6; // seq, at (NaN: none), flags, offset, size, full length
export const FLAG_SERVER_TO_CLIENT = 1;
export const FLAG_STREAMABLE_HTTP = 2;
export const FLAG_TRUNCATED = 4;
export const FLAG_SSE = 8;

/**
 * One batch for the worker, in seq order: `count` lines described in `meta` (bytes in `buffer`), and ready-made
 * events (lifecycle, http, …) each placed before the line at `before`.
 */
export interface WorkerBatch {
  count: number;
  meta: ArrayBuffer;
  buffer: ArrayBuffer;
  events: Array<{ before: number; event: TraceEvent }>;
  /** Events and in-flight bytes this batch holds, returned by its acknowledgement. */
  size: number;
  budget: number;
}

/** The recorder's redaction rules, sent once before the first batch. */
export interface WorkerRedaction {
  redaction: RedactionRules;
}

export interface WorkerReply {
  acked: { events: number; bytes: number };
  written: number;
  errors: string[];
  closed?: boolean;
}

export interface ThreadedFileSinkOptions {
  force?: boolean;
  /** An existing file is kept and the trace goes to a numbered sibling (`NAME-2.jsonl`, …) instead of refused. */
  sibling?: boolean;
  session?: string;
  flush?: "line" | "batch";
  /** In-flight bounds. Defaults: 250,000 events, 64 MiB (lines are packed, so the bytes bound usually comes first). */
  maxEvents?: number;
  maxBytes?: number;
}

const MIN_BATCH_BYTES = 8 * 1024;
const MAX_BATCH_BYTES = 512 * 1024;
const MIN_BATCH_LINES = 16;
const MAX_BATCH_LINES = 1024;
const HAND_OVER_MS = 4;

function workerUrl(): URL {
  // From dist/ the worker sits beside this bundle; from src/ (tests running the sources) it is the built one.
  const here = import.meta.url;
  return here.endsWith(".ts") ? new URL("../dist/file-sink-worker.js", here) : new URL("./file-sink-worker.js", here);
}

class ThreadedFileSink implements Sink {
  readonly name = "file";
  path: string | undefined;
  written = 0;
  dropped = 0;
  errors: string[] = [];
  private worker: Worker | undefined;
  private events: WorkerBatch["events"] = [];
  private meta = new Float64Array(MIN_BATCH_LINES * LINE_FIELDS);
  private count = 0;
  private buffer: Buffer = Buffer.allocUnsafeSlow(MIN_BATCH_BYTES);
  private used = 0;
  private batchBudget = 0;
  private inFlightEvents = 0;
  private inFlightBytes = 0;
  private scheduled = false;
  private closed: Promise<void> | undefined;
  private finish: (() => void) | undefined;

  constructor(
    private readonly template: string,
    private readonly options: ThreadedFileSinkOptions,
  ) {
    if (options.session !== undefined) this.start(options.session);
  }

  private start(session: string): void {
    if (this.worker) return;
    const probe = openTraceWriter(this.template, {
      force: this.options.force ?? false,
      sibling: this.options.sibling ?? false,
      session,
    });
    this.path = probe.path;
    void probe.close();
    const start: WorkerStart = { path: probe.path, flush: this.options.flush === "batch" ? "none" : "line" };
    this.worker = new Worker(workerUrl(), { workerData: start });
    this.worker.unref();
    this.worker.on("message", (reply: WorkerReply) => {
      this.inFlightEvents -= reply.acked.events;
      this.inFlightBytes -= reply.acked.bytes;
      this.written = reply.written;
      this.errors = reply.errors;
      if (reply.closed) this.finish?.();
    });
    this.worker.on("error", (error) => {
      this.errors.push(`trace writer thread failed: ${error.message}`);
      this.dropped += this.inFlightEvents;
      this.inFlightEvents = 0;
      this.finish?.();
    });
  }

  open(info: SessionInfo): void {
    this.start(info.session);
    // Before any batch: the worker redacts each line it builds, off the forwarding thread.
    if (info.redaction) this.worker?.postMessage({ redaction: info.redaction } satisfies WorkerRedaction);
  }

  enqueue(item: PendingEvent): boolean {
    if (!this.worker || this.closed) return false;
    const line = item.line;
    const cost = line ? line.bytes.length : item.size;
    const maxEvents = this.options.maxEvents ?? 250_000;
    const maxBytes = this.options.maxBytes ?? 64 * 1024 * 1024;
    const full = this.inFlightEvents >= maxEvents || (this.inFlightEvents > 0 && this.inFlightBytes + cost > maxBytes);
    if (full && !item.essential) return false;
    if (line) {
      const size = line.bytes.length;
      if (this.used + size > this.buffer.length || (this.count + 1) * LINE_FIELDS > this.meta.length) {
        if (this.count + this.events.length > 0) this.post();
        if (size > this.buffer.length) this.buffer = Buffer.allocUnsafeSlow(size);
      }
      this.buffer.set(line.bytes, this.used);
      const m = this.meta;
      const at = this.count * LINE_FIELDS;
      m[at] = line.seq;
      m[at + 1] = line.at ?? Number.NaN;
      m[at + 2] =
        (line.direction === "server-to-client" ? FLAG_SERVER_TO_CLIENT : 0) |
        (line.transport === "streamable-http" ? FLAG_STREAMABLE_HTTP : line.transport === "sse" ? FLAG_SSE : 0) |
        (line.truncated ? FLAG_TRUNCATED : 0);
      m[at + 3] = this.used;
      m[at + 4] = size;
      m[at + 5] = line.length;
      this.count++;
      this.used += size;
    } else {
      this.events.push({ before: this.count, event: item.event() });
    }
    this.inFlightEvents++;
    this.inFlightBytes += cost;
    this.batchBudget += cost;
    if (!this.scheduled) {
      this.scheduled = true;
      // Handed over a few ms later (or as soon as the batch is full): in an interactive session one hand-over then
      // carries many round trips, instead of waking the thread, and its acknowledgement this one, for each.
      setTimeout(() => {
        this.scheduled = false;
        if (this.count + this.events.length > 0) this.post();
      }, HAND_OVER_MS).unref();
    }
    return true;
  }

  private post(): void {
    // Both buffers are handed over whole (transferred, not copied) and replaced by fresh ones.
    const buffer = this.buffer.buffer as ArrayBuffer;
    const meta = this.meta.buffer as ArrayBuffer;
    const batch: WorkerBatch = {
      count: this.count,
      meta,
      buffer,
      events: this.events,
      size: this.count + this.events.length,
      budget: this.batchBudget,
    };
    this.worker!.postMessage(batch, [buffer, meta]);
    // The next batch's buffers are sized by this one: small while the session is interactive, large in a burst.
    this.buffer = Buffer.allocUnsafeSlow(Math.min(MAX_BATCH_BYTES, Math.max(MIN_BATCH_BYTES, 2 * this.used)));
    this.meta = new Float64Array(Math.min(MAX_BATCH_LINES, Math.max(MIN_BATCH_LINES, 2 * this.count)) * LINE_FIELDS);
    this.events = [];
    this.count = 0;
    this.used = 0;
    this.batchBudget = 0;
  }

  write(event: TraceEvent): void {
    this.enqueue({ size: 256, event: () => event });
  }

  close(): Promise<void> {
    this.closed ??= new Promise<void>((resolve) => {
      if (!this.worker) return resolve();
      if (this.count + this.events.length > 0) this.post();
      this.worker.ref(); // keep the process alive until the worker has written everything and closed the file
      this.finish = () => {
        void this.worker!.terminate();
        resolve();
      };
      this.worker.postMessage({ close: true });
    });
    return this.closed;
  }
}

/**
 * Writes events as JSON Lines to `pathTemplate`, building and writing them on a worker thread. For a session
 * whose throughput matters (the stdio relay); one thread per file.
 */
export function threadedFileSink(pathTemplate: string, options: ThreadedFileSinkOptions = {}): Sink {
  return new ThreadedFileSink(pathTemplate, options);
}
