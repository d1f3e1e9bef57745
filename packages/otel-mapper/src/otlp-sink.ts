/**
 * The live exporter behind `watch --otlp`: events go into the span mapper as they are recorded, spans wait a moment
 * for the judge's findings, then travel to the collector in batches through a bounded queue. Nothing here ever
 * blocks or throws into the caller: `observe` is synchronous and cheap, encoding and sending happen later on the
 * event loop, and a collector that is down, slow or refusing costs the spans sent to it — counted, with the
 * reason, in the summary — and nothing else.
 */

import type { TraceEvent } from "@mcp-conf/trace-format";
import type { SpanFinding } from "./findings.js";
import { type IdSource, randomIds } from "./ids.js";
import { createSpanMapper, type SpanMapper } from "./mapper.js";
import type { ResourceInfo } from "./otlp-json.js";
import { type BatchOutcome, OtlpJsonTransport } from "./otlp-transport.js";
import type { MappedSpan } from "./span.js";
import { wallClockNanos } from "./time.js";

export interface OtlpSinkOptions {
  /** The full traces URL (see `resolveTracesUrl`). */
  url: string;
  /** Extra request headers (`--otlp-header`). */
  headers?: Record<string, string>;
  /** `service.name` of the spans' resource; default `mcp-conf`. */
  serviceName?: string;
  resourceAttributes?: ResourceInfo["attributes"];
  /** Default: random ids from `crypto.randomBytes`. */
  ids?: IdSource;
  /** See `SpanMapperOptions`. */
  httpVersion?: string;
  upstream?: string;
  /** Spans waiting to be sent, at most; more are dropped and counted. Default 2048. */
  maxQueueSize?: number;
  /** Spans per export request, at most. Default 512. */
  maxBatchSize?: number;
  /** How long a partial batch waits for company. Default 200 ms. */
  batchDelayMs?: number;
  /** Per export request, retries included. Default 10 s. */
  exportTimeoutMs?: number;
  /** Export requests in flight at once. Default 2. */
  maxConcurrentExports?: number;
  /**
   * How long a span waits for findings if the judge never releases it (`judgedThrough`). Default 1 s. The latest
   * span always waits for the next exchange or the end of the session.
   */
  holdMs?: number;
  /** Spans held for findings, at most; beyond it the oldest go. Default 1024. */
  maxHeld?: number;
  /** How long `close()` waits for the last exports. Default 3 s. */
  closeTimeoutMs?: number;
}

/** What became of the session's spans. */
export interface ExportSummary {
  /** Spans the collector accepted. */
  exported: number;
  /** Spans never sent: the queue was full, or the session closed before they could go. */
  dropped: number;
  /** Spans sent but not accepted: refused, timed out, an HTTP error. */
  failed: number;
  /** Span counts by reason, for `dropped` and `failed`. */
  reasons: Record<string, number>;
  /** Findings that found no span to join. */
  findingsUnplaced: number;
}

/** The object `watch --otlp` feeds. */
export interface OtlpSink {
  /** The session's trace id. */
  readonly traceId: string;
  /** Feeds one recorded event, in seq order. Never throws, never waits. */
  observe(event: TraceEvent): void;
  /**
   * Attaches findings (see `SpanMapper.addFindings`). `surfacedAt` is the seq of the last event the judging pass
   * that produced them had seen.
   */
  addFindings(findings: readonly SpanFinding[], surfacedAt?: number): void;
  /**
   * The judge has judged every event up to `seq`: spans of exchanges completed by then can go — all but the latest,
   * which waits for the next exchange or the end, so that a finding only the session's end reveals has a span.
   */
  judgedThrough(seq: number): void;
  /** The session ended: unanswered requests become spans (add the final report's findings after this). */
  finish(): void;
  /** What happened so far. */
  summary(): ExportSummary;
  /** Finishes, sends what is left (waiting at most `closeTimeoutMs`), and resolves to the summary. Idempotent. */
  close(): Promise<ExportSummary>;
}

/** Creates the live OTLP exporter for one session. */
export function createOtlpSink(options: OtlpSinkOptions): OtlpSink {
  return new Sink(options);
}

const REASON_QUEUE_FULL = "queue full (the collector is not keeping up)";
const REASON_UNSENT_AT_CLOSE = "not sent before the session closed";
const REASON_IN_FLIGHT_AT_CLOSE = "no answer from the collector before the session closed";
const REASON_INTERNAL = "internal error while mapping";

class Sink implements OtlpSink {
  readonly traceId: string;
  private readonly mapper: SpanMapper;
  private readonly transport: OtlpJsonTransport;
  private readonly queue: MappedSpan[] = [];
  /** When spans started being held: the seq that completed them and the wall time, oldest first. */
  private readonly holdMarks: { seq: number; at: number }[] = [];
  private readonly maxQueueSize: number;
  private readonly maxBatchSize: number;
  private readonly batchDelayMs: number;
  private readonly maxConcurrent: number;
  private readonly holdMs: number;
  private readonly maxHeld: number;
  private readonly closeTimeoutMs: number;
  private inFlight = new Set<MappedSpan[]>();
  private batchTimer: NodeJS.Timeout | undefined;
  private holdTimer: NodeJS.Timeout | undefined;
  private pumpScheduled = false;
  private closing: Promise<ExportSummary> | undefined;
  private closed = false;
  private onIdle: (() => void) | undefined;
  private readonly counts = { exported: 0, dropped: 0, failed: 0 };
  private readonly reasons: Record<string, number> = {};

  constructor(options: OtlpSinkOptions) {
    const mapperOptions: Parameters<typeof createSpanMapper>[0] = {
      ids: options.ids ?? randomIds(),
      clock: wallClockNanos,
    };
    if (options.httpVersion !== undefined) mapperOptions.httpVersion = options.httpVersion;
    if (options.upstream !== undefined) mapperOptions.upstream = options.upstream;
    this.mapper = createSpanMapper(mapperOptions);
    this.traceId = this.mapper.traceId;
    this.maxQueueSize = options.maxQueueSize ?? 2048;
    this.maxBatchSize = options.maxBatchSize ?? 512;
    this.batchDelayMs = options.batchDelayMs ?? 200;
    this.maxConcurrent = options.maxConcurrentExports ?? 2;
    this.holdMs = options.holdMs ?? 1000;
    this.maxHeld = options.maxHeld ?? 1024;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 3000;
    const resource: ResourceInfo = {};
    if (options.serviceName !== undefined) resource.serviceName = options.serviceName;
    if (options.resourceAttributes !== undefined) resource.attributes = options.resourceAttributes;
    this.transport = new OtlpJsonTransport({
      url: options.url,
      headers: options.headers ?? {},
      timeoutMs: options.exportTimeoutMs ?? 10_000,
      concurrencyLimit: this.maxConcurrent + 1,
      resource,
    });
  }

  observe(event: TraceEvent): void {
    if (this.closing) return;
    try {
      const before = this.mapper.heldCount();
      this.mapper.observe(event);
      if (this.mapper.heldCount() > before) this.holdMarks.push({ seq: event.seq, at: Date.now() });
      while (this.mapper.heldCount() > this.maxHeld && this.holdMarks.length > 0) {
        this.enqueue(this.mapper.release(this.holdMarks.shift()!.seq));
      }
      this.armHoldTimer();
    } catch {
      this.count("dropped", 1, REASON_INTERNAL);
    }
  }

  addFindings(findings: readonly SpanFinding[], surfacedAt?: number): void {
    if (this.closed) return;
    try {
      this.mapper.addFindings(findings, surfacedAt);
    } catch {
      // A finding that cannot be attached is lost; the session is not.
    }
  }

  judgedThrough(seq: number): void {
    if (this.closed) return;
    while (this.holdMarks.length > 0 && this.holdMarks[0]!.seq <= seq) this.holdMarks.shift();
    this.enqueue(this.mapper.release(seq, 1));
  }

  finish(): void {
    if (this.closed) return;
    const before = this.mapper.heldCount();
    this.mapper.finish();
    if (this.mapper.heldCount() > before) this.holdMarks.push({ seq: Number.POSITIVE_INFINITY, at: Date.now() });
    this.armHoldTimer();
  }

  summary(): ExportSummary {
    return { ...this.counts, reasons: { ...this.reasons }, findingsUnplaced: this.mapper.stats().findingsUnplaced };
  }

  close(): Promise<ExportSummary> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<ExportSummary> {
    this.finish();
    clearTimeout(this.holdTimer);
    clearTimeout(this.batchTimer);
    this.holdMarks.length = 0;
    this.enqueue(this.mapper.release());
    const idle = new Promise<void>((resolve) => {
      this.onIdle = resolve;
    });
    this.pump();
    this.checkIdle();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
    });
    await Promise.race([idle, deadline]);
    clearTimeout(timer);
    this.closed = true;
    if (this.queue.length > 0) this.count("dropped", this.queue.splice(0).length, REASON_UNSENT_AT_CLOSE);
    for (const batch of this.inFlight) this.count("failed", batch.length, REASON_IN_FLIGHT_AT_CLOSE);
    this.inFlight.clear();
    this.transport.destroy();
    return this.summary();
  }

  private armHoldTimer() {
    if (this.holdTimer || this.holdMarks.length === 0 || this.closing) return;
    const wait = Math.max(0, this.holdMarks[0]!.at + this.holdMs - Date.now());
    this.holdTimer = setTimeout(() => {
      this.holdTimer = undefined;
      const expired = Date.now() - this.holdMs;
      let through: number | undefined;
      while (this.holdMarks.length > 0 && this.holdMarks[0]!.at <= expired) through = this.holdMarks.shift()!.seq;
      if (through !== undefined) this.enqueue(this.mapper.release(through, 1));
      this.armHoldTimer();
    }, wait);
    this.holdTimer.unref();
  }

  private enqueue(spans: MappedSpan[]) {
    if (spans.length === 0) return;
    const room = Math.max(0, this.maxQueueSize - this.queue.length);
    for (let i = 0; i < Math.min(room, spans.length); i++) this.queue.push(spans[i]!);
    if (spans.length > room) this.count("dropped", spans.length - room, REASON_QUEUE_FULL);
    if (this.queue.length >= this.maxBatchSize || this.closing) this.schedulePump();
    else this.scheduleBatch();
  }

  /** A partial batch goes after `batchDelayMs`, unless it fills up first. */
  private scheduleBatch() {
    if (this.batchTimer || this.queue.length === 0) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = undefined;
      this.pump();
    }, this.batchDelayMs);
    this.batchTimer.unref();
  }

  /** Encoding and sending never run on the caller's stack. */
  private schedulePump() {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (!this.closed && this.inFlight.size < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatchSize);
      this.inFlight.add(batch);
      this.transport.send(batch, (outcome) => this.settle(batch, outcome));
    }
  }

  private settle(batch: MappedSpan[], outcome: BatchOutcome) {
    if (!this.inFlight.delete(batch)) return;
    this.counts.exported += outcome.accepted;
    if (outcome.rejected > 0) this.count("failed", outcome.rejected, outcome.reason ?? "export failed");
    if (this.queue.length >= this.maxBatchSize || (this.closing && this.queue.length > 0)) this.pump();
    else this.scheduleBatch();
    this.checkIdle();
  }

  private checkIdle() {
    if (this.onIdle && this.queue.length === 0 && this.inFlight.size === 0) this.onIdle();
  }

  private count(kind: "dropped" | "failed", spans: number, reason: string) {
    this.counts[kind] += spans;
    this.reasons[reason] = (this.reasons[reason] ?? 0) + spans;
  }
}
