/**
 * The incremental analyzer: fed events in seq order (a whole trace, or a live session as it is recorded), it builds
 * the timeline with trace-format's Correlator — the one pairing of requests with answers — and reads calls'
 * statuses, latencies, notifications, stderr lines, definitions and losses off it. `snapshot()` gives the model at
 * any moment; `finish()` ends the trace (requests still open become pending or cancelled). A live view asks
 * `takeChanged()` for the timeline entries created or updated since it last asked.
 */

import { Correlator, type Exchange, type MessageRef, type RequestRef, SessionFactsTracker } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { answeredStatus, cancelledRequestId, targetOf, unansweredStatus } from "./call-status.js";
import { DefinitionsTracker } from "./definitions.js";
import { HttpExchanges, type HttpSettlement } from "./http-exchanges.js";
import { LossTracker } from "./losses.js";
import type { CallEntry, SessionAnalysis, SessionHeader, TimelineEntry } from "./model.js";
import { callStats, emptyStatusCounts, slowestCalls } from "./stats.js";

export class Analyzer {
  private readonly correlator = new Correlator();
  private readonly facts = new SessionFactsTracker();
  private readonly definitionsTracker = new DefinitionsTracker();
  private readonly losses = new LossTracker();
  private readonly httpExchanges = new HttpExchanges();
  private readonly timeline: TimelineEntry[] = [];
  /** Calls not answered yet, by the correlator's request object. */
  private readonly openCalls = new Map<RequestRef, CallEntry>();
  /** Requests named by a notifications/cancelled, with the seq of that notification. */
  private readonly cancellations = new Map<RequestRef, number>();
  private readonly header: SessionHeader = { events: 0, ended: "open" };
  /** The request events of HTTP, by direction, to name what a bodiless error response answered. */
  private lastHttpRequest: { method?: string; path?: string; headers?: Record<string, string> } | undefined;
  /** A 2xx response that may carry no body: a row of its own unless a message of its body comes next. */
  private bodyless: TimelineEntry | undefined;
  private changed = new Set<number>();
  private finished = false;

  /** Feeds one event, in seq order. */
  observe(event: TraceEvent): void {
    if (this.finished) return;
    if (this.bodyless) {
      if (!(event.kind === "message" && event.direction === "server-to-client")) this.push(this.bodyless);
      this.bodyless = undefined;
    }
    this.noteHeader(event);
    this.losses.event(event);
    switch (event.kind) {
      case "lifecycle":
        this.settle(this.httpExchanges.observe(event, this.facts.facts.statelessVersion !== undefined));
        return;
      case "stderr":
      case "raw": {
        const entry: TimelineEntry = {
          kind: event.kind,
          index: 0,
          seq: event.seq,
          direction: event.direction,
          text: event.text,
        };
        if (event.ts !== undefined) entry.ts = event.ts;
        if (event.kind === "raw" && event.truncated) entry.truncated = true;
        this.push(entry);
        return;
      }
      case "http":
        this.http(event);
        break;
      case "message":
        break;
    }
    this.settle(this.httpExchanges.observe(event, this.facts.facts.statelessVersion !== undefined));
    const observation = this.correlator.observe(event);
    this.losses.issues(observation.issues);
    for (const ref of observation.messages) {
      this.facts.message(ref);
      this.message(ref);
    }
    if (event.kind === "message" && event.direction === "client-to-server") this.httpExchanges.bodyEnded();
    for (const exchange of observation.exchanges) this.exchange(exchange);
  }

  /** Calls the HTTP layer ended without a JSON-RPC answer: refused POSTs, and response streams the client closed. */
  private settle(settlements: HttpSettlement[]): void {
    for (const settlement of settlements) {
      const call = settlement.call;
      const request = [...this.openCalls].find(([, open]) => open === call)?.[0];
      if (!request) continue;
      this.changed.add(call.index);
      if (settlement.kind === "stream-closed") {
        // Like notifications/cancelled: cancelled if nothing answers it, a late result if something still does.
        this.cancellations.set(request, settlement.seq);
        call.cancelledSeq = settlement.seq;
        call.status = "cancelled";
        continue;
      }
      this.correlator.settle(request);
      this.openCalls.delete(request);
      this.cancellations.delete(request);
      call.status = "refused";
      call.httpStatus = settlement.status;
      call.responseSeq = settlement.seq;
      if (settlement.error) {
        const { raw, ...error } = settlement.error;
        call.error = error;
        call.response = raw;
      }
      if (settlement.ts !== undefined) {
        call.responseTs = settlement.ts;
        const latency = call.ts === undefined ? Number.NaN : Date.parse(settlement.ts) - Date.parse(call.ts);
        if (Number.isFinite(latency)) call.latencyMs = latency;
      }
    }
  }

  /** Ends the trace: requests still open stay pending, or become cancelled if their requester gave up on them. */
  finish(): SessionAnalysis {
    if (!this.finished) {
      this.finished = true;
      if (this.bodyless) this.push(this.bodyless);
      this.bodyless = undefined;
      this.settle(this.httpExchanges.finish());
      for (const exchange of this.correlator.finish()) this.exchange(exchange);
    }
    return this.snapshot();
  }

  /** Timeline entries created or changed since the last call, in timeline order. */
  takeChanged(): TimelineEntry[] {
    const indexes = [...this.changed].sort((a, b) => a - b);
    this.changed = new Set();
    return indexes.map((index) => this.timeline[index]!);
  }

  /** Bumped whenever the server's listed definitions change (the context cost must then be measured again). */
  get definitionsVersion(): number {
    return this.definitionsTracker.version;
  }

  /** The model as it stands (the timeline is shared, not copied). */
  snapshot(): SessionAnalysis {
    const facts = this.facts.facts;
    const calls = this.timeline.filter((entry): entry is CallEntry => entry.kind === "call");
    const byStatus = emptyStatusCounts();
    for (const call of calls) byStatus[call.status]++;
    const analysis: SessionAnalysis = {
      session: { ...this.header },
      protocol: {},
      peers: {},
      capabilities: {},
      timeline: this.timeline,
      counts: {
        calls: calls.length,
        notifications: this.timeline.filter((entry) => entry.kind === "notification").length,
        stderr: this.timeline.filter((entry) => entry.kind === "stderr").length,
        byStatus,
      },
      methods: callStats(calls, (call) => call.method),
      tools: callStats(calls, (call) => (call.method === "tools/call" ? call.target : undefined)),
      slowest: slowestCalls(calls),
      definitions: this.definitionsTracker.definitions(),
      losses: this.losses.summary(this.header.ended === "open"),
    };
    if (facts.requestedVersion !== undefined) analysis.protocol.requested = facts.requestedVersion;
    if (facts.negotiatedVersion !== undefined) analysis.protocol.negotiated = facts.negotiatedVersion;
    if (facts.statelessVersion !== undefined) analysis.protocol.stateless = facts.statelessVersion;
    if (facts.clientInfo) analysis.peers.client = facts.clientInfo;
    if (facts.serverInfo) analysis.peers.server = facts.serverInfo;
    if (facts.clientCapabilities) analysis.capabilities.client = facts.clientCapabilities;
    if (facts.serverCapabilities) analysis.capabilities.server = facts.serverCapabilities;
    return analysis;
  }

  private push(entry: TimelineEntry): void {
    entry.index = this.timeline.length;
    this.timeline.push(entry);
    this.changed.add(entry.index);
  }

  private noteHeader(event: TraceEvent): void {
    const header = this.header;
    header.events++;
    header.firstSeq ??= event.seq;
    header.lastSeq = event.seq;
    header.transport ??= event.transport;
    if (event.ts !== undefined) {
      header.start ??= event.ts;
      header.end = event.ts;
      const duration = Date.parse(header.end) - Date.parse(header.start);
      if (Number.isFinite(duration)) header.durationMs = duration;
    }
    if (event.kind !== "lifecycle") return;
    if (event.event === "transport-open") {
      header.ended = "open";
      const meta = event.meta;
      if (meta?.label !== undefined) header.label ??= meta.label;
      if (meta?.session !== undefined) header.id ??= meta.session;
      if (meta?.command !== undefined) header.command ??= meta.command;
      if (meta?.upstream !== undefined) header.upstream ??= meta.upstream;
      if (meta?.recorder !== undefined) header.recorder ??= meta.recorder;
    } else {
      header.ended = event.event === "transport-close" ? "close" : "abort";
    }
  }

  private http(event: Extract<TraceEvent, { kind: "http" }>): void {
    if (event.direction === "client-to-server") {
      this.lastHttpRequest = {};
      if (event.method !== undefined) this.lastHttpRequest.method = event.method;
      if (event.path !== undefined) this.lastHttpRequest.path = event.path;
      if (event.headers !== undefined) this.lastHttpRequest.headers = event.headers;
      return;
    }
    if (event.status === undefined) return;
    // A 2xx carries messages, or acknowledges with no body; an event stream's messages may come much later.
    const ok = event.status >= 200 && event.status < 300;
    if (ok && event.status !== 202 && event.status !== 204 && isEventStream(event.headers)) return;
    const entry: TimelineEntry = {
      kind: "http",
      index: 0,
      seq: event.seq,
      direction: event.direction,
      status: event.status,
    };
    if (event.ts !== undefined) entry.ts = event.ts;
    if (this.lastHttpRequest?.method !== undefined) entry.requestMethod = this.lastHttpRequest.method;
    if (this.lastHttpRequest?.path !== undefined) entry.path = this.lastHttpRequest.path;
    if (this.lastHttpRequest?.headers !== undefined) entry.requestHeaders = this.lastHttpRequest.headers;
    if (event.headers !== undefined) entry.headers = event.headers;
    if (ok) this.bodyless = entry;
    else this.push(entry);
  }

  private message(ref: MessageRef): void {
    const message = ref.message;
    if (message.type === "request") {
      const request = ref as RequestRef;
      const call: CallEntry = {
        kind: "call",
        index: 0,
        seq: ref.seq,
        direction: ref.direction,
        method: message.method,
        id: message.id,
        status: "pending",
        request: message.raw,
      };
      const target = targetOf(message.method, message.params);
      if (target !== undefined) call.target = target;
      if (ref.ts !== undefined) call.ts = ref.ts;
      if (ref.session !== undefined) call.session = ref.session;
      this.push(call);
      this.openCalls.set(request, call);
      this.httpExchanges.carried(ref.event, call);
      return;
    }
    if (message.type !== "notification") return;
    const cancelled = cancelledRequestId(message);
    if (cancelled === undefined) return;
    for (const open of this.correlator.openRequests()) {
      if (open.direction !== ref.direction || open.session !== ref.session || open.message.id !== cancelled) continue;
      this.cancellations.set(open, ref.seq);
      const call = this.openCalls.get(open);
      if (call) {
        // Cancelled from now on (a live view shows it so); an answer that still comes makes it a late result.
        call.cancelledSeq = ref.seq;
        call.status = "cancelled";
        this.changed.add(call.index);
      }
      break;
    }
  }

  private exchange(exchange: Exchange): void {
    this.facts.exchange(exchange);
    this.definitionsTracker.exchange(exchange);
    switch (exchange.type) {
      case "request":
        this.answer(exchange.request, exchange.response);
        return;
      case "notification": {
        const ref = exchange.message;
        const entry: TimelineEntry = {
          kind: "notification",
          index: 0,
          seq: ref.seq,
          direction: ref.direction,
          method: exchange.method,
          message: ref.message.raw,
        };
        if (ref.ts !== undefined) entry.ts = ref.ts;
        if (ref.session !== undefined) entry.session = ref.session;
        this.push(entry);
        return;
      }
      case "orphan-response":
      case "invalid": {
        const ref = exchange.type === "invalid" ? exchange.message : exchange.response;
        const entry: TimelineEntry = {
          kind: exchange.type,
          index: 0,
          seq: ref.seq,
          direction: ref.direction,
          message: ref.message.raw,
        };
        if (ref.ts !== undefined) entry.ts = ref.ts;
        this.push(entry);
        return;
      }
    }
  }

  private answer(request: RequestRef, response: MessageRef | null): void {
    const call = this.openCalls.get(request);
    if (!call) return;
    this.openCalls.delete(request);
    const cancelledSeq = this.cancellations.get(request);
    this.cancellations.delete(request);
    this.changed.add(call.index);
    if (!response) {
      call.status = unansweredStatus(cancelledSeq);
      return;
    }
    const answered = answeredStatus(call.method, response.message, cancelledSeq);
    call.status = answered.status;
    if (answered.error) call.error = answered.error;
    call.responseSeq = response.seq;
    call.response = response.message.raw;
    if (response.ts !== undefined) {
      call.responseTs = response.ts;
      if (call.ts !== undefined) {
        const latency = Date.parse(response.ts) - Date.parse(call.ts);
        if (Number.isFinite(latency)) call.latencyMs = latency;
      }
    }
  }
}

function isEventStream(headers: Record<string, string> | undefined): boolean {
  return headers?.["content-type"]?.toLowerCase().startsWith("text/event-stream") ?? false;
}
