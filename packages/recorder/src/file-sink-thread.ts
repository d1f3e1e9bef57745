/**
 * A file sink whose work happens on a worker thread: the caller's path only copies observed bytes into a batch
 * buffer (once per chunk, however many lines it holds; no decoding, no JSON, no I/O) and notes where each line is;
 * every few milliseconds, or when it is full, the batch is transferred to the worker, which writes the trace lines
 * with trace-format's writer and hands the buffers back for the next batches. What is in flight is bounded (events
 * and bytes posted but not yet acknowledged); past the bound new events are dropped and counted, never waited for.
 * The file is created (or refused) here, synchronously, before the worker starts.
 */
import { type TransferListItem, Worker } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { RedactionRules } from "./privacy/redact.js";
import type { PendingEvent, SessionInfo, Sink } from "./sink.js";

/** What the worker is started with. */
export interface WorkerStart {
  path: string;
  flush: "line" | "none";
  tap?: { module: string; data: unknown };
}

/**
 * A module the sink's thread loads beside its writer and hands every event the trace file gets, in seq order, as the
 * file gets it (after redaction) — a live judge, say, which then costs no thread of its own and no copy of each event.
 * The module exports `openTap(data)` returning a `ThreadTap` (or a promise of one). A tap that fails to load or
 * throws is dropped with an error in the sink's errors; the trace is written regardless.
 */
export interface ThreadTapModule {
  /** The module's URL (import()ed on the sink's thread). */
  module: string;
  /** Given to `openTap`; must survive structured cloning. */
  data?: unknown;
  /** Transferred with `data` (e.g. a `MessagePort` for the tap to answer on). */
  transfer?: readonly TransferListItem[];
}

/** What a tap module's `openTap(data)` returns, on the sink's thread. */
export interface ThreadTap {
  /** One event, as it is written; must not hold the thread long (queue and work later). */
  event(event: TraceEvent): void;
  /** True while the tap would drop an event given now: the sink then builds none (no parse) and calls `skipped()`. */
  full?(): boolean;
  skipped?(): void;
  /** The trace file is closed: the thread ends once this settles. */
  close?(): void | Promise<void>;
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
  /** The acknowledged batch's two buffers, handed back for the next batches. */
  spare?: { buffer: ArrayBuffer; meta: ArrayBuffer };
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
  /** A module to run on the sink's thread beside the writer, given the trace file's path once it is chosen. */
  tap?: (path: string) => ThreadTapModule;
}

const MIN_BATCH_BYTES = 8 * 1024;
const MAX_BATCH_BYTES = 512 * 1024;
const MIN_BATCH_LINES = 16;
const MAX_BATCH_LINES = 1024;
const HAND_OVER_MS = 4;
/** Buffers handed back by the worker and kept for reuse, per size. */
const SPARES_PER_SIZE = 4;

function workerUrl(): URL {
  // From dist/ the worker sits beside this bundle; from src/ (tests running the sources) it is the built one.
  const here = import.meta.url;
  return here.endsWith(".ts") ? new URL("../dist/file-sink-worker.js", here) : new URL("./file-sink-worker.js", here);
}

/** The sizes a batch buffer comes in: `min` doubled up to `max`, times `unit` bytes. */
function sizeClasses(min: number, max: number, unit: number): number[] {
  const sizes: number[] = [];
  for (let n = min; n <= max; n *= 2) sizes.push(n * unit);
  return sizes;
}

/**
 * Batch buffers of a few fixed sizes come back from the worker once written, and are reused instead of allocated
 * (and transferred fresh) for every batch; any other size (one line larger than a batch) is left to the collector.
 */
class BufferPool {
  private readonly spare = new Map<number, ArrayBuffer[]>();

  constructor(private readonly sizes: readonly number[]) {
    for (const size of sizes) this.spare.set(size, []);
  }

  /** A buffer of the smallest size that holds `bytes` (the largest size if none does). */
  take(bytes: number): ArrayBuffer {
    const size = this.sizes.find((s) => s >= bytes) ?? this.sizes.at(-1)!;
    return this.spare.get(size)!.pop() ?? new ArrayBuffer(size);
  }

  give(buffer: ArrayBuffer): void {
    const list = this.spare.get(buffer.byteLength);
    if (list && list.length < SPARES_PER_SIZE) list.push(buffer);
  }
}

const LINE_META_BYTES = LINE_FIELDS * Float64Array.BYTES_PER_ELEMENT;

class ThreadedFileSink implements Sink {
  readonly name = "file";
  path: string | undefined;
  written = 0;
  dropped = 0;
  errors: string[] = [];
  private worker: Worker | undefined;
  private transportFlag = 0;
  private readonly bytesPool = new BufferPool(sizeClasses(MIN_BATCH_BYTES, MAX_BATCH_BYTES, 1));
  private readonly metaPool = new BufferPool(sizeClasses(MIN_BATCH_LINES, MAX_BATCH_LINES, LINE_META_BYTES));
  /** A tap runs on the worker: it ends the thread itself, after the file is closed. */
  private tapped = false;
  private events: WorkerBatch["events"] = [];
  private meta = new Float64Array(this.metaPool.take(0));
  private count = 0;
  private buffer: Buffer = Buffer.from(this.bytesPool.take(0));
  private used = 0;
  /** The chunk whose bytes from `chunkFrom` on are in this batch from `chunkAt` on (see `place`). */
  private chunk: Buffer | undefined;
  private chunkFrom = 0;
  private chunkAt = 0;
  private batchBudget = 0;
  private inFlightEvents = 0;
  private inFlightBytes = 0;
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private scheduled = false;
  private closed: Promise<void> | undefined;
  private finish: (() => void) | undefined;

  constructor(
    private readonly template: string,
    private readonly options: ThreadedFileSinkOptions,
  ) {
    this.maxEvents = options.maxEvents ?? 250_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
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
    const tap = this.options.tap?.(probe.path);
    if (tap) start.tap = { module: tap.module, data: tap.data };
    this.tapped = tap !== undefined;
    this.worker = new Worker(workerUrl(), { workerData: start, transferList: [...(tap?.transfer ?? [])] });
    this.worker.unref();
    this.worker.on("message", (reply: WorkerReply) => {
      this.inFlightEvents -= reply.acked.events;
      this.inFlightBytes -= reply.acked.bytes;
      this.written = reply.written;
      this.errors = reply.errors;
      if (reply.spare) {
        this.bytesPool.give(reply.spare.buffer);
        this.metaPool.give(reply.spare.meta);
      }
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
    this.transportFlag =
      info.transport === "streamable-http" ? FLAG_STREAMABLE_HTTP : info.transport === "sse" ? FLAG_SSE : 0;
    // Before any batch: the worker redacts each line it builds, off the forwarding thread.
    if (info.redaction) this.worker?.postMessage({ redaction: info.redaction } satisfies WorkerRedaction);
  }

  /** Whether one more event of `cost` bytes fits the in-flight bound. */
  private fits(cost: number): boolean {
    return (
      this.inFlightEvents < this.maxEvents && (this.inFlightEvents === 0 || this.inFlightBytes + cost <= this.maxBytes)
    );
  }

  enqueueLine(
    seq: number,
    at: number | undefined,
    direction: TraceEvent["direction"],
    source: Buffer,
    start: number,
    end: number,
    length: number,
  ): boolean {
    if (!this.worker || this.closed || !this.fits(end - start)) return false;
    const flags =
      (direction === "server-to-client" ? FLAG_SERVER_TO_CLIENT : 0) |
      this.transportFlag |
      (length > end - start ? FLAG_TRUNCATED : 0);
    this.addLine(seq, at, flags, source, start, end, length);
    return true;
  }

  enqueue(item: PendingEvent): boolean {
    if (!this.worker || this.closed) return false;
    const line = item.line;
    const cost = line ? line.bytes.length : item.size;
    if (!this.fits(cost) && !item.essential) return false;
    if (line) {
      const flags =
        (line.direction === "server-to-client" ? FLAG_SERVER_TO_CLIENT : 0) |
        (line.transport === "streamable-http" ? FLAG_STREAMABLE_HTTP : line.transport === "sse" ? FLAG_SSE : 0) |
        (line.truncated ? FLAG_TRUNCATED : 0);
      const bytes = Buffer.isBuffer(line.bytes)
        ? line.bytes
        : Buffer.from(line.bytes.buffer, line.bytes.byteOffset, line.bytes.byteLength);
      this.addLine(line.seq, line.at, flags, bytes, 0, bytes.length, line.length);
    } else {
      this.events.push({ before: this.count, event: item.event() });
      this.counted(cost);
    }
    return true;
  }

  /** Puts a line's kept bytes in the batch and describes it in the batch's metadata. */
  private addLine(
    seq: number,
    at: number | undefined,
    flags: number,
    source: Buffer,
    start: number,
    end: number,
    length: number,
  ): void {
    if ((this.count + 1) * LINE_FIELDS > this.meta.length) this.post();
    const offset = this.place(source, start, end);
    const m = this.meta;
    const i = this.count * LINE_FIELDS;
    m[i] = seq;
    m[i + 1] = at ?? Number.NaN;
    m[i + 2] = flags;
    m[i + 3] = offset;
    m[i + 4] = end - start;
    m[i + 5] = length;
    this.count++;
    this.counted(end - start);
  }

  /**
   * Where `source[start, end)` is in the batch. The lines of one chunk come one after another, so the first of them
   * copies the rest of the chunk at once and the others are found in that copy: one copy per chunk, not per line.
   * (The chunk is known by identity: a stream's chunks are never changed once pushed, or forwarding them would fail.)
   */
  private place(source: Buffer, start: number, end: number): number {
    if (source === this.chunk && start >= this.chunkFrom && end <= source.length) {
      return this.chunkAt + (start - this.chunkFrom);
    }
    const rest = source.length - start;
    const whole = rest <= MAX_BATCH_BYTES;
    const size = whole ? rest : end - start;
    if (this.used + size > this.buffer.length) {
      if (this.count + this.events.length > 0) this.post();
      if (size > this.buffer.length) {
        this.bytesPool.give(this.buffer.buffer as ArrayBuffer);
        this.buffer = size <= MAX_BATCH_BYTES ? Buffer.from(this.bytesPool.take(size)) : Buffer.allocUnsafeSlow(size);
      }
    }
    const offset = this.used;
    source.copy(this.buffer, offset, start, start + size);
    this.used += size;
    if (whole) {
      this.chunk = source;
      this.chunkFrom = start;
      this.chunkAt = offset;
    }
    return offset;
  }

  private counted(cost: number): void {
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
  }

  private post(): void {
    // Both buffers are handed over whole (transferred, not copied); the next ones come from those handed back.
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
    this.buffer = Buffer.from(this.bytesPool.take(2 * this.used));
    this.meta = new Float64Array(this.metaPool.take(2 * this.count * LINE_META_BYTES));
    this.events = [];
    this.count = 0;
    this.used = 0;
    this.chunk = undefined;
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
        if (this.tapped) this.worker!.unref();
        else void this.worker!.terminate();
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
