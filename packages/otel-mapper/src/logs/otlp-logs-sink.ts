/**
 * `--otlp-logs URL`: every recorded event leaves as an OTLP LogRecord through OpenTelemetry's own logs SDK (a
 * `LoggerProvider` with a `BatchLogRecordProcessor`) and its OTLP/HTTP exporter, protobuf or JSON. One exporter
 * serves every session of a process; each session gets a sink the recorder feeds (the recorder's `Sink` contract),
 * so the events it exports are the redacted ones the trace file gets. The queue is bounded: past `maxQueueSize`
 * records waiting or in flight, new ones are dropped and counted against their session, as are records the collector
 * refused after the exporter's own retries — the recorder reports both as it reports a file sink's losses.
 */

import { randomUUID } from "node:crypto";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { ROOT_CONTEXT, TraceFlags, trace } from "@opentelemetry/api";
import type { Logger } from "@opentelemetry/api-logs";
import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtoLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { CompressionAlgorithm } from "@opentelemetry/otlp-exporter-base";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchLogRecordProcessor,
  LoggerProvider,
  type LogRecordExporter,
  type ReadableLogRecord,
} from "@opentelemetry/sdk-logs";
import { derivedIds, type IdSource } from "../ids.js";
import { VERSION } from "../version.js";
import { Conversations } from "./conversations.js";
import { conversationOf, ExchangeOpeners, eventAttributes, LOG_ATTRIBUTES, LOG_SCOPE } from "./log-record.js";

export interface OtlpLogsOptions {
  /** The full logs URL (see `resolveLogsUrl`). */
  url: string;
  /** `http/protobuf` (default) or `http/json`. */
  protocol?: "http/protobuf" | "http/json";
  /** gzip the export requests. Default false. */
  gzip?: boolean;
  headers?: Record<string, string>;
  /** `service.name` of the records' resource; default `mcp-conf`. */
  serviceName?: string;
  resourceAttributes?: Record<string, string>;
  /** Records waiting or in flight, at most; more are dropped and counted. Default 8192. */
  maxQueueSize?: number;
  /** Records per export request, at most. Default 512. */
  maxExportBatchSize?: number;
  /** How long a partial batch waits for company. Default 200 ms. */
  scheduledDelayMillis?: number;
  /** Per export request, the exporter's retries included. Default 10 s. */
  exportTimeoutMillis?: number;
  /** How long a session's `close()` waits for its records to be exported. Default 5 s. */
  closeTimeoutMs?: number;
}

/** The recorder's `SessionInfo`, as far as this sink reads it. */
export interface LogsSessionInfo {
  session: string;
  label?: string;
}

/** A sink of the recorder's contract (`@mcp-conf/recorder`'s `Sink`), one per session. */
export interface OtlpLogsSink {
  readonly name: "otlp-logs";
  open(info: LogsSessionInfo): void;
  write(event: TraceEvent): void;
  close(): Promise<void>;
  /** Records the collector accepted. */
  readonly written: number;
  /** Records lost: the queue was full, the collector refused them, or they were still unsent at close. */
  readonly dropped: number;
  readonly errors: readonly string[];
}

/** The process's OTLP logs exporter: a sink per session, one queue and one connection pool for all. */
export interface OtlpLogsExporter {
  /** A sink for one session (the session id comes with `open`, or is given here). */
  sink(session?: LogsSessionInfo): OtlpLogsSink;
  /** Exports what is left (waiting at most `closeTimeoutMs`) and shuts the SDK down. */
  close(): Promise<void>;
}

const REASON_QUEUE_FULL = "log records dropped: the queue was full (the collector is not keeping up)";
const MAX_ERRORS_KEPT = 20;

interface SessionState {
  session: string;
  label: string | undefined;
  ids: IdSource;
  traceId: string;
  openers: ExchangeOpeners;
  emitted: number;
  exported: number;
  failed: number;
  queueDrops: number;
  closed: boolean;
  errors: string[];
  /** Called once every record emitted so far is settled (exported or refused). */
  onSettled: (() => void) | undefined;
  /** The session's `mcp_conf.route`, once its first client message decided it. */
  route: string | undefined;
  /** Events waiting for that decision (a few: the lifecycle and HTTP events before the first message). */
  held: TraceEvent[];
  /** Which conversation each message belongs to. */
  conversations: Conversations;
}

/** Events held, at most, before the route is decided without a client message. */
const HOLD_FOR_ROUTE = 16;

export function createOtlpLogsExporter(options: OtlpLogsOptions): OtlpLogsExporter {
  return new LogsExporter(options);
}

class LogsExporter implements OtlpLogsExporter {
  private readonly provider: LoggerProvider;
  private readonly processor: BatchLogRecordProcessor;
  private readonly logger: Logger;
  private readonly sessions = new Map<string, SessionState>();
  private readonly maxQueueSize: number;
  private readonly closeTimeoutMs: number;
  /** Records emitted and not yet settled (exported or refused). */
  private pending = 0;
  /** `service.instance.id` of the records' resource: this exporter, unique across the fleet. */
  readonly instance = randomUUID();

  constructor(options: OtlpLogsOptions) {
    this.maxQueueSize = options.maxQueueSize ?? 8192;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 5000;
    const exporterConfig = {
      url: options.url,
      headers: options.headers ?? {},
      timeoutMillis: options.exportTimeoutMillis ?? 10_000,
      compression: options.gzip ? CompressionAlgorithm.GZIP : CompressionAlgorithm.NONE,
    };
    const inner: LogRecordExporter =
      options.protocol === "http/json" ? new JsonLogExporter(exporterConfig) : new ProtoLogExporter(exporterConfig);
    this.processor = new BatchLogRecordProcessor({
      exporter: new CountingExporter(inner, (logs, result) => this.settle(logs, result)),
      // The processor never holds more than we let through, so it never drops a record we did not count.
      maxQueueSize: this.maxQueueSize,
      maxExportBatchSize: options.maxExportBatchSize ?? 512,
      scheduledDelayMillis: options.scheduledDelayMillis ?? 200,
      exportTimeoutMillis: options.exportTimeoutMillis ?? 10_000,
    });
    this.provider = new LoggerProvider({
      resource: resourceFromAttributes({
        "service.name": options.serviceName ?? "mcp-conf",
        "service.instance.id": this.instance,
        ...(options.resourceAttributes ?? {}),
      }),
      processors: [this.processor],
    });
    this.logger = this.provider.getLogger(LOG_SCOPE, VERSION);
  }

  sink(given?: LogsSessionInfo): OtlpLogsSink {
    let state: SessionState | undefined;
    const start = (info: LogsSessionInfo): SessionState => {
      if (state) return state;
      const ids = derivedIds(info.session);
      state = {
        session: info.session,
        label: info.label,
        ids,
        traceId: ids.traceId(),
        openers: new ExchangeOpeners(),
        emitted: 0,
        exported: 0,
        failed: 0,
        queueDrops: 0,
        closed: false,
        errors: [],
        onSettled: undefined,
        route: undefined,
        held: [],
        conversations: new Conversations(),
      };
      this.sessions.set(info.session, state);
      return state;
    };
    if (given) start(given);
    return {
      name: "otlp-logs",
      open: (info) => void start(info),
      write: (event) => {
        if (!state) throw new Error("otlp-logs sink written before it was opened");
        this.emit(state, event);
      },
      close: async () => {
        if (!state || state.closed) return;
        if (state.route === undefined) this.decideRoute(state, undefined);
        await this.flushSession(state);
        state.closed = true;
        this.sessions.delete(state.session);
      },
      get written() {
        return state?.exported ?? 0;
      },
      get dropped() {
        if (!state) return 0;
        const unsettled = state.closed ? state.emitted - state.exported - state.failed : 0;
        return state.queueDrops + state.failed + unsettled;
      },
      get errors() {
        return state?.errors ?? [];
      },
    };
  }

  private emit(state: SessionState, event: TraceEvent): void {
    if (state.route === undefined) {
      state.held.push(event);
      const message = event.kind === "message" && event.direction === "client-to-server";
      if (message || state.held.length >= HOLD_FOR_ROUTE) this.decideRoute(state, message ? event : undefined);
      return;
    }
    this.emitNow(state, event);
  }

  /** The session's route: its first client message's conversation, else this exporter's instance and the session. */
  decideRoute(state: SessionState, first: TraceEvent | undefined): void {
    state.route = (first && conversationOf(first)) ?? `${this.instance}/${state.session}`;
    for (const event of state.held.splice(0)) this.emitNow(state, event);
  }

  private emitNow(state: SessionState, event: TraceEvent): void {
    if (this.pending >= this.maxQueueSize) {
      state.queueDrops++;
      if (state.queueDrops === 1) noteError(state, REASON_QUEUE_FULL);
      return;
    }
    const opener = state.openers.openerOf(event);
    const context =
      opener === undefined
        ? undefined
        : trace.setSpanContext(ROOT_CONTEXT, {
            traceId: state.traceId,
            spanId: state.ids.spanId(opener),
            traceFlags: TraceFlags.SAMPLED,
          });
    const parsed = event.ts === undefined ? Number.NaN : Date.parse(event.ts);
    this.pending++;
    state.emitted++;
    const attributes = eventAttributes(event, state.session, state.label);
    attributes[LOG_ATTRIBUTES.route] = state.route!;
    const conversation = state.conversations.of(event);
    if (conversation !== undefined) attributes[LOG_ATTRIBUTES.conversation] = conversation;
    this.logger.emit({
      timestamp: Number.isNaN(parsed) ? Date.now() : parsed,
      body: serializeEvent(event),
      attributes,
      ...(context ? { context } : {}),
    });
  }

  private settle(logs: readonly ReadableLogRecord[], result: ExportResult): void {
    this.pending -= logs.length;
    const ok = result.code === ExportResultCode.SUCCESS;
    for (const log of logs) {
      const state = this.sessions.get(String(log.attributes[LOG_ATTRIBUTES.session]));
      if (!state) continue;
      if (ok) state.exported++;
      else {
        state.failed++;
        if (state.failed === 1) noteError(state, `log records refused: ${result.error?.message ?? "export failed"}`);
      }
      if (state.onSettled && state.exported + state.failed === state.emitted) state.onSettled();
    }
  }

  /**
   * Sends what is queued and waits (at most `closeTimeoutMs`) until every record of this session is settled: another
   * session's flush may already have its records in flight, so the processor's flush alone does not say so.
   */
  async flushSession(state: SessionState): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
    });
    const settled = new Promise<void>((resolve) => {
      state.onSettled = resolve;
      if (state.exported + state.failed === state.emitted) resolve();
    });
    void this.processor.forceFlush().catch(() => undefined);
    await Promise.race([settled, deadline]);
    clearTimeout(timer);
    state.onSettled = undefined;
  }

  /** Exports everything queued so far, waiting at most `closeTimeoutMs`. */
  private async flush(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
    });
    await Promise.race([this.processor.forceFlush().catch(() => undefined), deadline]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.flush();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
    });
    await Promise.race([this.provider.shutdown().catch(() => undefined), deadline]);
    clearTimeout(timer);
  }
}

function noteError(state: SessionState, message: string): void {
  if (state.errors.length < MAX_ERRORS_KEPT) state.errors.push(message);
}

/** The SDK's exporter, telling us what became of every batch. */
class CountingExporter implements LogRecordExporter {
  constructor(
    private readonly inner: LogRecordExporter,
    private readonly onResult: (logs: readonly ReadableLogRecord[], result: ExportResult) => void,
  ) {}

  export(logs: ReadableLogRecord[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(logs, (result) => {
      this.onResult(logs, result);
      resultCallback(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
}
