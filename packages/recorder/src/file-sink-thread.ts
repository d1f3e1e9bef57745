/**
 * A file sink whose work happens on a worker thread: the caller's path only copies an observed line's bytes into
 * a batch buffer (no decoding, no JSON, no I/O); once per turn of the event loop the batch is transferred to the
 * worker, which builds the events and writes them with trace-format's writer. What is in flight is bounded (events
 * and bytes posted but not yet acknowledged); past the bound new events are dropped and counted, never waited for.
 * The file is created (or refused) here, synchronously, before the worker starts.
 */
import { Worker } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { PendingEvent, SessionInfo, Sink } from "./sink.js";

/** What the worker is started with. */
export interface WorkerStart {
  path: string;
  flush: "line" | "none";
}

type LineEntry = {
  seq: number;
  at: number | undefined;
  direction: TraceEvent["direction"];
  transport: TraceEvent["transport"];
  offset: number;
  size: number;
  length: number;
  truncated: boolean;
};

/** One batch for the worker: lines (bytes in `buffer`) and ready events, in seq order. */
export interface WorkerBatch {
  entries: Array<LineEntry | { event: TraceEvent }>;
  buffer: ArrayBuffer;
  /** The in-flight budget this batch holds, returned by its acknowledgement. */
  budget: number;
}

export interface WorkerReply {
  acked: { events: number; bytes: number };
  written: number;
  errors: string[];
  closed?: boolean;
}

export interface ThreadedFileSinkOptions {
  force?: boolean;
  session?: string;
  flush?: "line" | "batch";
  /** In-flight bounds. Defaults: 20,000 events, 64 MiB. */
  maxEvents?: number;
  maxBytes?: number;
}

const MIN_BATCH_BYTES = 256 * 1024;

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
  private entries: WorkerBatch["entries"] = [];
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
    const probe = openTraceWriter(this.template, { force: this.options.force ?? false, session });
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
  }

  enqueue(item: PendingEvent): boolean {
    if (!this.worker || this.closed) return false;
    const line = item.line;
    const cost = line ? line.bytes.length : item.size;
    const maxEvents = this.options.maxEvents ?? 20_000;
    const maxBytes = this.options.maxBytes ?? 64 * 1024 * 1024;
    const full = this.inFlightEvents >= maxEvents || (this.inFlightEvents > 0 && this.inFlightBytes + cost > maxBytes);
    if (full && !item.essential) return false;
    if (line) {
      const size = line.bytes.length;
      if (this.used + size > this.buffer.length) {
        if (this.entries.length > 0) this.post();
        if (size > this.buffer.length) this.buffer = Buffer.allocUnsafeSlow(size);
      }
      this.buffer.set(line.bytes, this.used);
      this.entries.push({
        seq: line.seq,
        at: line.at,
        direction: line.direction,
        transport: line.transport,
        offset: this.used,
        size,
        length: line.length,
        truncated: line.truncated,
      });
      this.used += size;
    } else {
      this.entries.push({ event: item.event() });
    }
    this.inFlightEvents++;
    this.inFlightBytes += cost;
    this.batchBudget += cost;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        if (this.entries.length > 0) this.post();
      });
    }
    return true;
  }

  private post(): void {
    const buffer = this.buffer.buffer.slice(0, this.used) as ArrayBuffer;
    const batch: WorkerBatch = { entries: this.entries, buffer, budget: this.batchBudget };
    this.worker!.postMessage(batch, [buffer]);
    this.entries = [];
    this.used = 0;
    this.batchBudget = 0;
  }

  write(event: TraceEvent): void {
    this.enqueue({ size: 256, event: () => event });
  }

  close(): Promise<void> {
    this.closed ??= new Promise<void>((resolve) => {
      if (!this.worker) return resolve();
      if (this.entries.length > 0) this.post();
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
