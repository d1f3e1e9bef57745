/**
 * The embeddable Recorder: the one place a session's events get their `seq`. Each call assigns the next seq in
 * arrival order, wraps the observation in a lazily built event (JSON is parsed by the first sink that needs it,
 * off the caller's path) and pushes it into every sink's bounded queue. Nothing here awaits or throws on the
 * recording path; `close()` drains the queues and reports what each sink wrote and dropped.
 */
import { randomBytes } from "node:crypto";
import type {
  Direction,
  LifecycleName,
  SessionMeta,
  TraceEvent,
  TraceEventInput,
  Transport,
} from "@mcp-conf/trace-format";
import { type HeaderInput, recordedHeaders } from "./headers.js";
import { buildLineEvent, isoTime, type LineRecord } from "./line-event.js";
import { LineCounter, type ObservedLine, SpanSplitter } from "./line-splitter.js";
import type { Redactor } from "./privacy/redact.js";
import {
  type PendingEvent,
  QueuedSink,
  type QueueLimits,
  type SessionInfo,
  type Sink,
  type SinkStats,
} from "./sink.js";
import { isFanOut } from "./sinks.js";
import { RECORDER_NAME, RECORDER_VERSION, recordingProcess } from "./version.js";

/** Default cut for the observed copy of one message: keeps a trace line under the reader's 1 MiB default. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024 - 4096;

export interface RecorderOptions {
  /** Where events go: one sink, several, or a `fanOut(...)`. Each gets its own bounded queue. */
  sink: Sink | readonly Sink[];
  /** More sinks fed the same events (a live judge, an exporter). */
  extraSinks?: readonly Sink[];
  transport: Transport;
  /** A name for the server or gateway; part of generated session ids. Default "session". */
  label?: string;
  /** The session id (for `{session}` and `meta.session`). Default `<label>-<pid>-<12 hex>`. */
  session?: string;
  /** Extra facts for the `transport-open` event's `meta` (`command`, `cwd`, `upstream`, …). */
  meta?: SessionMeta;
  /** An observed message larger than this is recorded as a truncated `raw` event. */
  maxMessageBytes?: number;
  /** Bounds of each sink's queue. */
  queue?: QueueLimits;
  /** Record `transport-open` (with `meta`) at once. Default true. */
  open?: boolean;
  /** Put an RFC 3339 `ts` on every event. Default true. */
  timestamps?: boolean;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now?: () => number;
  /** Applied to every event before any sink sees it (`compileRedaction(rules)`), so a secret never reaches one. */
  redact?: Redactor | undefined;
}

/** Options of an `http` event. Headers are filtered by the allow-list of trace-format.md. */
export interface HttpObservation {
  status?: number;
  method?: string;
  path?: string;
  headers?: HeaderInput;
  /** An HTTP+SSE stream's response: the path its `endpoint` event named (recorded without the query). */
  endpoint?: string;
  /** A response the recording proxy made itself (a 502, a 508), not the server: recorded as `proxy: true`. */
  proxy?: boolean;
  /** The HTTP exchange the request or response belongs to: the same positive number on both (the HTTP pairing). */
  exchange?: number;
}

/** One direction's observed byte stream, as `Recorder.stream` takes it. */
export interface StreamInput {
  /** The next chunk, as it was forwarded (it must not change afterwards). */
  push(chunk: Buffer): void;
  /** End of stream: a final line without `\n` is still a line. */
  end(): void;
}

export interface RecorderStats {
  session: string;
  /** Events given a seq. */
  recorded: number;
  /** Observations lost in any sink (the largest loss of one sink, so a fan-out does not count one loss twice). */
  dropped: number;
  sinks: SinkStats[];
}

/** Makes a stdio-style session id: `<label>-<pid>-<12 hex>`. */
export function generateSessionId(label: string): string {
  return `${label}-${process.pid}-${randomBytes(6).toString("hex")}`;
}

class LazyEvent implements PendingEvent {
  private observed: TraceEvent | undefined;
  private built: TraceEvent | undefined;
  constructor(
    readonly size: number,
    private readonly build: () => TraceEvent,
    private readonly redactor: Redactor | undefined,
    readonly essential = false,
  ) {}
  plain(): TraceEvent {
    this.observed ??= this.build();
    return this.observed;
  }
  event(): TraceEvent {
    this.built ??= this.redactor ? this.redactor.redact(this.plain()) : this.plain();
    return this.built;
  }
}

/** An observed line: built from its bytes (and redacted), here or in a sink's own thread. */
class LineEvent implements PendingEvent {
  private built: TraceEvent | undefined;
  readonly size: number;
  constructor(
    readonly line: LineRecord,
    private readonly redactor: Redactor | undefined,
  ) {
    this.size = line.bytes.length + 128;
  }
  event(): TraceEvent {
    if (this.built === undefined) {
      const event = buildLineEvent(this.line);
      this.built = this.redactor ? this.redactor.redact(event) : event;
    }
    return this.built;
  }
}

const decoder = new TextDecoder("utf-8", { fatal: false });

export class Recorder {
  readonly session: string;
  readonly label: string;
  readonly transport: Transport;
  private readonly queues: QueuedSink[];
  private readonly maxMessageBytes: number;
  private readonly timestamps: boolean;
  private readonly now: () => number;
  private readonly redactor: Redactor | undefined;
  private seq = 0;
  private ended = false;
  private closing: Promise<RecorderStats> | undefined;

  constructor(options: RecorderOptions) {
    this.transport = options.transport;
    this.label = options.label ?? "session";
    this.session = options.session ?? generateSessionId(this.label);
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.timestamps = options.timestamps ?? true;
    this.now = options.now ?? Date.now;
    this.redactor = options.redact;
    const given = Array.isArray(options.sink) ? options.sink : [options.sink as Sink];
    const sinks = [...given, ...(options.extraSinks ?? [])].flatMap((s) => (isFanOut(s) ? s.sinks : [s]));
    const info: SessionInfo = {
      session: this.session,
      label: this.label,
      transport: this.transport,
      maxLineBytes: this.maxMessageBytes,
    };
    if (this.redactor) info.redaction = this.redactor.rules;
    for (const sink of sinks) sink.open?.(info);
    this.queues = sinks.map((sink) => new QueuedSink(sink, options.queue));
    if (options.open ?? true) {
      this.lifecycle("transport-open", { meta: options.meta });
    }
  }

  /** The seq the next event will get. */
  get nextSeq(): number {
    return this.seq;
  }

  private push(size: number, build: (seq: number, ts: string | undefined) => TraceEventInput, essential = false): void {
    const seq = this.seq++;
    const at = this.timestamps ? this.now() : undefined;
    const item = new LazyEvent(
      size,
      () => ({ seq, ...build(seq, at === undefined ? undefined : isoTime(at)) }) as TraceEvent,
      this.redactor,
      essential,
    );
    for (const queue of this.queues) queue.push(item);
  }

  /**
   * A protocol message. Bytes (a `Uint8Array` holding one message) are parsed off the caller's path: JSON
   * becomes a `message`, anything else a `raw` line, and more than `maxMessageBytes` a truncated `raw`. Any other
   * value is taken as the already-parsed payload.
   */
  message(direction: Direction, payloadOrBytes: unknown): void {
    if (payloadOrBytes instanceof Uint8Array) {
      const bytes = Buffer.from(payloadOrBytes.buffer, payloadOrBytes.byteOffset, payloadOrBytes.byteLength);
      const truncated = bytes.length > this.maxMessageBytes;
      this.observeLine(direction, {
        bytes: truncated ? bytes.subarray(0, this.maxMessageBytes) : bytes,
        length: bytes.length,
        truncated,
      });
      return;
    }
    const transport = this.transport;
    this.push(256, (_seq, ts) => ({ direction, transport, kind: "message", payload: payloadOrBytes, ...stamp(ts) }));
  }

  /** One line (or body) of observed bytes, as the line splitter yields them. */
  observeLine(direction: Direction, line: ObservedLine): void {
    this.observeSpan(direction, line.bytes, 0, line.bytes.length, line.length);
  }

  /**
   * One observed line as a span of the bytes it arrived in (`SpanSplitter`'s form): `source[start, end)` are its
   * kept bytes, `length` its full length. A sink that takes spans copies them at once and no object is made for
   * the line; for the others the event is built lazily from a view, so `source` must not change afterwards (chunks
   * from node streams never do).
   */
  observeSpan(direction: Direction, source: Buffer, start: number, end: number, length: number): void {
    const seq = this.seq++;
    const at = this.timestamps ? this.now() : undefined;
    let item: LineEvent | undefined;
    for (const queue of this.queues) {
      if (queue.takesSpans) queue.pushSpan(seq, at, direction, source, start, end, length);
      else {
        item ??= new LineEvent(
          {
            seq,
            at,
            direction,
            transport: this.transport,
            bytes: source.subarray(start, end),
            length,
            truncated: length > end - start,
          },
          this.redactor,
        );
        queue.push(item);
      }
    }
  }

  /**
   * One direction's observed byte stream (the stdio relay's), each line of it an observation. Cut into lines here
   * and observed as spans; or, when every sink takes chunks (the threaded file sink), only counted here — each line
   * gets its seq in arrival order, as it would — and each chunk handed on whole, to be cut on the sink's thread, so
   * the forwarding thread does no more per line than find its end.
   */
  stream(direction: Direction): StreamInput {
    const queues = this.queues;
    if (queues.length === 0 || !queues.every((q) => q.takesChunks)) {
      return new SpanSplitter(
        (source, start, end, length) => this.observeSpan(direction, source, start, end, length),
        this.maxMessageBytes,
      );
    }
    const counter = new LineCounter();
    return {
      push: (chunk) => {
        const count = counter.count(chunk);
        const first = this.seq;
        this.seq += count;
        const at = this.timestamps ? this.now() : undefined;
        for (const queue of queues) queue.pushChunk(first, count, counter.head, at, direction, chunk);
      },
      end: () => {
        if (counter.end() === 0) return;
        const seq = this.seq++;
        const at = this.timestamps ? this.now() : undefined;
        for (const queue of queues) queue.endChunks(seq, at, direction);
      },
    };
  }

  /** A non-JSON line on the protocol channel. */
  raw(direction: Direction, textOrBytes: string | Uint8Array): void {
    const transport = this.transport;
    this.push(textOrBytes.length + 128, (_seq, ts) => ({
      direction,
      transport,
      kind: "raw",
      text: typeof textOrBytes === "string" ? textOrBytes : decoder.decode(textOrBytes),
      ...stamp(ts),
    }));
  }

  /** A line the server wrote to stderr. */
  stderr(textOrBytes: string | Uint8Array): void {
    const transport = this.transport;
    this.push(textOrBytes.length + 128, (_seq, ts) => ({
      direction: "server-to-client",
      transport,
      kind: "stderr",
      text: typeof textOrBytes === "string" ? textOrBytes : decoder.decode(textOrBytes),
      ...stamp(ts),
    }));
  }

  /** An HTTP request (client-to-server: method, path, headers) or response (server-to-client: status, headers). */
  http(direction: Direction, observation: HttpObservation): void {
    const transport = this.transport;
    // Headers are read when the event is built, off the forwarding path (node's header lists do not change).
    this.push(256, (_seq, ts) => {
      const headers = recordedHeaders(observation.headers);
      return {
        direction,
        transport,
        kind: "http",
        ...(observation.method !== undefined ? { method: observation.method } : {}),
        ...(observation.path !== undefined ? { path: stripQuery(observation.path) } : {}),
        ...(observation.status !== undefined ? { status: observation.status } : {}),
        ...(headers ? { headers } : {}),
        ...(observation.endpoint !== undefined ? { endpoint: stripQuery(observation.endpoint) } : {}),
        ...(observation.proxy === true ? { proxy: true } : {}),
        ...(observation.exchange !== undefined ? { exchange: observation.exchange } : {}),
        ...stamp(ts),
      };
    });
  }

  /** A transport lifecycle event. `transport-open` carries `meta` (label, session and recorder filled in). */
  lifecycle(event: LifecycleName, options: { direction?: Direction; meta?: SessionMeta | undefined } = {}): void {
    if (event === "transport-close") this.ended = true;
    const transport = this.transport;
    const meta =
      event === "transport-open"
        ? {
            label: this.label,
            session: this.session,
            ...options.meta,
            recorder: { name: RECORDER_NAME, version: RECORDER_VERSION, ...recordingProcess() },
          }
        : options.meta;
    this.push(
      512,
      (_seq, ts) => ({
        direction: options.direction ?? "client-to-server",
        transport,
        kind: "lifecycle",
        event,
        ...(meta ? { meta } : {}),
        ...stamp(ts),
      }),
      true,
    );
  }

  /** Counters so far. */
  stats(): RecorderStats {
    return summarise(
      this.session,
      this.seq,
      this.queues.map((q) => q.stats()),
    );
  }

  /**
   * Ends the session: records `transport-close` (or the given end event) unless a `transport-close` was recorded,
   * drains every queue and closes every sink. Idempotent. (A `transport-abort` recorded through `lifecycle` marks
   * one aborted stream, as the HTTP proxy records a client that drops an SSE stream; it does not end the session.)
   */
  close(end: { event?: "transport-close" | "transport-abort"; direction?: Direction } = {}): Promise<RecorderStats> {
    if (!this.closing) {
      if (!this.ended) this.lifecycle(end.event ?? "transport-close", { direction: end.direction });
      this.closing = Promise.all(this.queues.map((q) => q.close())).then((sinks) =>
        summarise(this.session, this.seq, sinks),
      );
    }
    return this.closing;
  }
}

function summarise(session: string, recorded: number, sinks: SinkStats[]): RecorderStats {
  return { session, recorded, dropped: Math.max(0, ...sinks.map((s) => s.dropped)), sinks };
}

function stamp(ts: string | undefined): { ts?: string } {
  return ts === undefined ? {} : { ts };
}

function stripQuery(path: string): string {
  const q = path.search(/[?#]/);
  return q === -1 ? path : path.slice(0, q);
}

/** Creates a recorder; throws only if a sink refuses to open (e.g. an existing trace file without `force`). */
export function createRecorder(options: RecorderOptions): Recorder {
  return new Recorder(options);
}
