/**
 * The span mapper: fed trace events in seq order, it runs its own exchange model (`Correlator`) and makes one span
 * per completed exchange — a request with its answer, a notification, or, at `finish()`, a request never answered.
 * Spans are held until the caller releases them, so a finding that arrives after its exchange completed can still
 * join that exchange's span: a live judge releases spans as its passes cover them (`release(throughSeq)`), an export
 * releases everything at the end. Pure: no I/O, no timers; ids and the clock are passed in.
 */

import {
  Correlator,
  declaredVersion,
  type Exchange,
  type MessageRef,
  SessionFactsTracker,
  trimOldest,
} from "@mcp-conf/session";
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import { findingKey } from "@mcp-conf/validator";
import { describeExchange, type ExchangeShape, type SessionContext } from "./exchange-span.js";
import { findingEvent, type SpanFinding } from "./findings.js";
import type { IdSource } from "./ids.js";
import type { MappedSpan } from "./span.js";
import { clampUnixNanos, parseRfc3339Nanos } from "./time.js";
import { remoteParentOf } from "./trace-context.js";

export interface SpanMapperOptions {
  /** Trace and span ids: `randomIds()` live, `derivedIds(traceBytes)` for a reproducible export. */
  ids: IdSource;
  /**
   * The time of an event that carries no usable `ts` (live: the wall clock). Without it the rule is
   * deterministic: the last earlier event's time plus one microsecond per seq step, counting from the Unix epoch
   * when no earlier event had a time.
   */
  clock?: () => bigint;
  /** `network.protocol.version` of HTTP sessions; default `1.1` (what the recorder's proxy speaks). */
  httpVersion?: string;
  /** The upstream URL of an HTTP session, when the trace's `transport-open` does not carry `meta.upstream`. */
  upstream?: string;
  /** Finding events kept per span; the rest are counted as dropped. Default 128. */
  maxEventsPerSpan?: number;
}

export interface MapperStats {
  /** Spans made so far (released or held). */
  spans: number;
  findingsAttached: number;
  /** Findings that found no span to join (nothing was held when they arrived, and none came after). */
  findingsUnplaced: number;
}

export interface SpanMapper {
  /** The session's trace id (spans with a valid `traceparent` use that one instead). */
  readonly traceId: string;
  /** Feeds one event, in seq order. */
  observe(event: TraceEvent): void;
  /** The session ended: every request still open becomes an `unanswered` span. Idempotent. */
  finish(): void;
  /**
   * Attaches findings as span events. Each joins the held span of the exchange holding its seq; if that span was
   * released already (or the finding has no seq), the held span of the exchange that surfaced it — the one
   * completed by the event at `surfacedAt` — or, failing that, the nearest later held span. A finding for a
   * request still waiting for its answer joins that request's span when it is made.
   */
  addFindings(findings: readonly SpanFinding[], surfacedAt?: number): void;
  /**
   * Takes the held spans of exchanges completed at or before `throughSeq` (all when omitted), in completion order,
   * except the `keepLatest` most recent spans held.
   */
  release(throughSeq?: number, keepLatest?: number): MappedSpan[];
  /** How many spans are held. */
  heldCount(): number;
  stats(): MapperStats;
}

interface HeldSpan {
  span: MappedSpan;
  /** Seq of the event that completed the exchange; Infinity for a request left unanswered. */
  completedAt: number;
  openingSeq: number;
  responseSeq?: number;
  /** Keys of the findings attached, made on the first one. */
  findingKeys?: Set<string>;
}

const DEFAULT_MAX_EVENTS = 128;
const MAX_REMEMBERED_ALIASES = 4096;
const MICROSECOND = 1000n;

/** Creates a mapper for one session. */
export function createSpanMapper(options: SpanMapperOptions): SpanMapper {
  return new Mapper(options);
}

class Mapper implements SpanMapper {
  readonly traceId: string;
  private readonly correlator = new Correlator();
  private readonly facts = new SessionFactsTracker();
  private session: SessionContext;
  private readonly maxEvents: number;
  private readonly held: HeldSpan[] = [];
  private readonly heldBySeq = new Map<number, HeldSpan>();
  /** Open requests: when they were sent, and findings waiting for their span. */
  private readonly openTimes = new Map<MessageRef, bigint>();
  private readonly pendingFindings = new Map<number, SpanFinding[]>();
  private readonly openSeqs = new Map<number, number>();
  /** HTTP event seq → seq of the first message it carried. */
  private readonly aliases = new Map<number, number>();
  private readonly lastHttp: Record<Direction, number | undefined> = {
    "client-to-server": undefined,
    "server-to-client": undefined,
  };
  /** Findings that arrived when no span was held; they join the next span made. */
  private carried: SpanFinding[] = [];
  private lastTime: bigint | undefined;
  private lastTimedSeq = 0;
  private finished = false;
  private counts: MapperStats = { spans: 0, findingsAttached: 0, findingsUnplaced: 0 };

  constructor(private readonly options: SpanMapperOptions) {
    this.traceId = options.ids.traceId();
    this.maxEvents = options.maxEventsPerSpan ?? DEFAULT_MAX_EVENTS;
    this.session = { httpVersion: options.httpVersion ?? "1.1" };
    if (options.upstream !== undefined) this.setUpstream(options.upstream);
  }

  observe(event: TraceEvent): void {
    if (this.finished) return;
    const time = this.timeOf(event);
    if (event.kind === "lifecycle" && event.event === "transport-open" && !this.session.upstream) {
      const upstream = event.meta?.upstream;
      if (typeof upstream === "string") this.setUpstream(upstream);
    }
    if (event.kind === "http") this.lastHttp[event.direction] = event.seq;
    const observation = this.correlator.observe(event);
    for (const ref of observation.messages) {
      this.facts.message(ref);
      this.noteCarrier(ref);
      if (ref.message.type === "request") {
        this.openTimes.set(ref, time);
        this.openSeqs.set(ref.seq, (this.openSeqs.get(ref.seq) ?? 0) + 1);
      }
    }
    for (const exchange of observation.exchanges) {
      this.facts.exchange(exchange);
      this.mapExchange(exchange, event.seq, time);
    }
  }

  finish(): void {
    if (this.finished) return;
    for (const exchange of this.correlator.finish()) this.mapExchange(exchange, Number.POSITIVE_INFINITY, undefined);
    this.finished = true;
  }

  addFindings(findings: readonly SpanFinding[], surfacedAt?: number): void {
    for (const finding of findings) {
      let target = finding.seq === undefined ? undefined : this.heldAt(finding.seq);
      if (!target && finding.seq !== undefined) {
        const seq = this.aliases.get(finding.seq) ?? finding.seq;
        if (this.openSeqs.has(seq)) {
          const waiting = this.pendingFindings.get(seq);
          if (waiting) waiting.push(finding);
          else this.pendingFindings.set(seq, [finding]);
          continue;
        }
      }
      target ??= this.surfacingSpan(surfacedAt);
      if (target) this.attach(target, finding);
      else this.carried.push(finding);
    }
  }

  release(throughSeq?: number, keepLatest = 0): MappedSpan[] {
    const limit = Math.max(0, this.held.length - keepLatest);
    let count = 0;
    if (throughSeq === undefined) count = limit;
    else while (count < limit && this.held[count]!.completedAt <= throughSeq) count++;
    const taken = this.held.splice(0, count);
    for (const h of taken) {
      if (this.heldBySeq.get(h.openingSeq) === h) this.heldBySeq.delete(h.openingSeq);
      if (h.responseSeq !== undefined && this.heldBySeq.get(h.responseSeq) === h) this.heldBySeq.delete(h.responseSeq);
    }
    return taken.map((h) => h.span);
  }

  heldCount(): number {
    return this.held.length;
  }

  stats(): MapperStats {
    const unplaced = this.finished ? this.carried.length : 0;
    return { ...this.counts, findingsUnplaced: this.counts.findingsUnplaced + unplaced };
  }

  private timeOf(event: TraceEvent): bigint {
    const parsed = event.ts === undefined ? undefined : parseRfc3339Nanos(event.ts);
    let time: bigint;
    if (parsed !== undefined) time = parsed;
    else if (this.options.clock) time = this.options.clock();
    else if (this.lastTime === undefined) time = BigInt(Math.max(0, event.seq)) * MICROSECOND;
    else time = this.lastTime + BigInt(Math.max(1, event.seq - this.lastTimedSeq)) * MICROSECOND;
    time = clampUnixNanos(time);
    this.lastTime = time;
    this.lastTimedSeq = event.seq;
    return time;
  }

  private setUpstream(url: string) {
    try {
      const parsed = new URL(url);
      const address = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
      const port = parsed.port !== "" ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
      if (address !== "") this.session.upstream = { address, port };
    } catch {
      // Not a URL: no server.address, as for a session whose upstream is unknown.
    }
  }

  /** An HTTP event followed by a message in the same direction stands for that message when a finding names it. */
  private noteCarrier(ref: MessageRef) {
    const carrier = this.lastHttp[ref.direction];
    if (carrier === undefined) return;
    this.lastHttp[ref.direction] = undefined;
    this.aliases.set(carrier, ref.seq);
    trimOldest(this.aliases, MAX_REMEMBERED_ALIASES);
  }

  private mapExchange(exchange: Exchange, completedAt: number, time: bigint | undefined) {
    let shape: ExchangeShape;
    let start: bigint;
    let end: bigint;
    let responseSeq: number | undefined;
    if (exchange.type === "request") {
      const request = exchange.request;
      start = this.openTimes.get(request) ?? time ?? this.lastTime ?? 0n;
      end = time ?? this.lastTime ?? start;
      if (end < start) end = start;
      this.openTimes.delete(request);
      const left = (this.openSeqs.get(request.seq) ?? 1) - 1;
      if (left > 0) this.openSeqs.set(request.seq, left);
      else this.openSeqs.delete(request.seq);
      shape = {
        method: exchange.method,
        opening: request,
        id: request.message.id,
        params: request.message.params,
        response: exchange.response,
      };
      responseSeq = exchange.response?.seq;
    } else if (exchange.type === "notification") {
      start = end = time ?? this.lastTime ?? 0n;
      const message = exchange.message.message;
      shape = {
        method: exchange.method,
        opening: exchange.message,
        params: message.type === "notification" ? message.params : undefined,
      };
    } else {
      return;
    }
    const description = describeExchange(shape, this.sessionContext());
    const parent = remoteParentOf(shape.params);
    const span: MappedSpan = {
      traceId: parent?.traceId ?? this.traceId,
      spanId: this.options.ids.spanId(shape.opening.seq, shape.opening.batchIndex),
      traceFlags: parent?.traceFlags ?? 1,
      name: description.name,
      kind: "client",
      startNanos: start,
      endNanos: end,
      attributes: description.attributes,
      events: [],
      droppedEvents: 0,
      status: description.status,
    };
    if (parent) span.parentSpanId = parent.parentSpanId;
    if (parent?.traceState !== undefined) span.traceState = parent.traceState;
    const held: HeldSpan = { span, completedAt, openingSeq: shape.opening.seq };
    if (responseSeq !== undefined) held.responseSeq = responseSeq;
    this.held.push(held);
    if (!this.heldBySeq.has(held.openingSeq)) this.heldBySeq.set(held.openingSeq, held);
    if (responseSeq !== undefined && !this.heldBySeq.has(responseSeq)) this.heldBySeq.set(responseSeq, held);
    this.counts.spans++;

    const waiting = this.pendingFindings.get(held.openingSeq);
    if (waiting && !this.openSeqs.has(held.openingSeq)) {
      this.pendingFindings.delete(held.openingSeq);
      for (const finding of waiting) this.attach(held, finding);
    }
    if (this.carried.length > 0) {
      const carried = this.carried;
      this.carried = [];
      for (const finding of carried) this.attach(held, finding);
    }
  }

  /** The session context with the protocol version known so far; rebuilt only when that version changes. */
  private sessionContext(): SessionContext {
    const facts = this.facts.facts;
    const version = declaredVersion(facts) ?? facts.requestedVersion;
    if (version !== this.session.protocolVersion) {
      this.session = { ...this.session };
      if (version === undefined) delete this.session.protocolVersion;
      else this.session.protocolVersion = version;
    }
    return this.session;
  }

  private heldAt(seq: number): HeldSpan | undefined {
    return this.heldBySeq.get(seq) ?? this.heldBySeq.get(this.aliases.get(seq) ?? Number.NaN);
  }

  /** The held span of the exchange completed at `surfacedAt` (or the latest before it), else the nearest later one. */
  private surfacingSpan(surfacedAt: number | undefined): HeldSpan | undefined {
    if (this.held.length === 0) return undefined;
    if (surfacedAt === undefined) return this.held[this.held.length - 1];
    const exact = this.heldAt(surfacedAt);
    if (exact) return exact;
    for (let i = this.held.length - 1; i >= 0; i--) {
      const h = this.held[i]!;
      if (h.completedAt <= surfacedAt) return h;
    }
    return this.held[0];
  }

  private attach(target: HeldSpan, finding: SpanFinding) {
    const key = findingKey(finding.requirementId, finding);
    target.findingKeys ??= new Set();
    if (target.findingKeys.has(key)) return;
    target.findingKeys.add(key);
    this.counts.findingsAttached++;
    if (target.span.events.length >= this.maxEvents) {
      target.span.droppedEvents++;
      return;
    }
    const span = target.span;
    span.events.push(findingEvent(finding, finding.seq === target.openingSeq ? span.startNanos : span.endNanos));
  }
}
