/**
 * What the HTTP layer of a streamable-HTTP trace says about calls that no JSON-RPC answer settles: a POST the server
 * answered with an error status and no answer to the request it carried (refused: 403 for a foreign Origin, 404 for
 * an expired session, 401 …), and — in the stateless revisions, where closing a request's response stream is how the
 * client cancels it — a response the client closed before the answer came (a client-to-server `transport-abort`).
 * Which response answers which request is the recorder's `exchange` number where the trace records it (read by
 * @mcp-conf/session); in an older trace a response goes to the only waiting request, else to the one whose call its
 * first message answers, else to the oldest waiting one. The c→s `http` event of a POST comes right before the
 * message it carried. A response's messages follow it, so a refusal is decided when
 * the next event that is not one of them arrives: the calls its body answered are answered, the rest refused.
 */

import { answeredRequestIndex, classifyMessage, idKey } from "@mcp-conf/session";
import type { HttpEvent, TraceEvent } from "@mcp-conf/trace-format";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CallEntry } from "./model.js";

/** One HTTP request and the calls its body carried. */
interface HttpRequestRecord {
  seq: number;
  /** The exchange number the recorder gave the request (the HTTP pairing), when the trace records one. */
  exchange?: number;
  event: HttpEvent;
  calls: CallEntry[];
  /** Its response began (headers seen): an SSE stream may still carry answers. */
  responded: boolean;
}

/** A response with an error status whose body is still being read. */
interface Refusal {
  record: HttpRequestRecord;
  event: HttpEvent;
  /** A JSON-RPC error with a null id in its body: why the server refused, when it said. */
  error?: { code?: number; message?: string; raw: unknown };
}

export type HttpSettlement =
  | { kind: "refused"; call: CallEntry; status: number; seq: number; ts?: string; error?: Refusal["error"] }
  | { kind: "stream-closed"; call: CallEntry; seq: number };

export class HttpExchanges {
  /** Requests whose response has not begun, oldest first. */
  private readonly waiting: HttpRequestRecord[] = [];
  /** Requests whose response began and may still be streaming answers. */
  private readonly streaming: HttpRequestRecord[] = [];
  /** The POST whose body may come next. */
  private bodyOf: HttpRequestRecord | undefined;
  /** A response whose request is decided by its first message. */
  private undecided: HttpEvent | undefined;
  private refusal: Refusal | undefined;

  /**
   * Reads one event, before the analyzer handles its messages; returns the calls it settles. `stateless` says
   * whether the session speaks a revision where closing a response stream cancels the request.
   */
  observe(event: TraceEvent, stateless: boolean): HttpSettlement[] {
    if (event.transport !== "streamable-http") return [];
    const responseBody = event.kind === "message" && event.direction === "server-to-client";
    const settled: HttpSettlement[] = [];
    if (this.undecided && !responseBody) this.decide(undefined);
    if (this.refusal && !responseBody) settled.push(...this.refuse());
    if (event.kind === "http") {
      if (event.direction === "client-to-server") {
        const record: HttpRequestRecord = { seq: event.seq, event, calls: [], responded: false };
        if (event.exchange !== undefined) record.exchange = event.exchange;
        this.waiting.push(record);
        this.bodyOf = record;
        return settled;
      }
      this.bodyOf = undefined;
      this.undecided = event;
      if (this.waiting.length <= 1 || event.exchange !== undefined) this.decide(undefined);
      return settled;
    }
    if (event.kind === "lifecycle" && event.event === "transport-abort" && event.direction === "client-to-server") {
      if (stateless) settled.push(...this.streamClosed(event.seq));
      return settled;
    }
    if (responseBody && this.undecided) this.decide(answeredId(event.payload));
    if (responseBody && this.refusal && this.refusal.error === undefined) {
      const error = nullIdError(event.payload);
      if (error) this.refusal.error = error;
    }
    return settled;
  }

  /** The call the message event just opened travelled in the latest POST (its body comes right after it). */
  carried(event: TraceEvent, call: CallEntry): void {
    if (event.transport !== "streamable-http" || !this.bodyOf) return;
    this.bodyOf.calls.push(call);
    const request = this.bodyOf.event;
    call.http = {};
    if (request.method !== undefined) call.http.method = request.method;
    if (request.path !== undefined) call.http.path = request.path;
    if (request.headers !== undefined) call.http.requestHeaders = request.headers;
  }

  /** The body of the latest POST is over (the event after it). */
  bodyEnded(): void {
    this.bodyOf = undefined;
  }

  /** The trace ended: a refusal still being read is decided. */
  finish(): HttpSettlement[] {
    if (this.undecided) this.decide(undefined);
    return this.refusal ? this.refuse() : [];
  }

  private decide(answers: string | undefined): void {
    const response = this.undecided!;
    this.undecided = undefined;
    const index = answeredRequestIndex(this.waiting, response, answers, (r) => r.calls.map((c) => idKey(c.id)));
    if (index < 0) return;
    const [record] = this.waiting.splice(index, 1);
    record!.responded = true;
    const status = response.status ?? 0;
    for (const call of record!.calls) {
      call.http ??= {};
      if (response.status !== undefined) call.http.status = response.status;
      if (response.headers !== undefined) call.http.responseHeaders = response.headers;
    }
    if (status >= 200 && status < 300) {
      if (record!.calls.length > 0) this.streaming.push(record!);
      if (this.streaming.length > 64) prune(this.streaming);
    } else if (status >= 300 && record!.calls.length > 0) this.refusal = { record: record!, event: response };
  }

  /** The refused request's calls that its body did not answer. */
  private refuse(): HttpSettlement[] {
    const { record, event, error } = this.refusal!;
    this.refusal = undefined;
    return record.calls
      .filter((call) => stillOpen(call))
      .map((call) => {
        const settlement: HttpSettlement = { kind: "refused", call, status: event.status ?? 0, seq: event.seq };
        if (event.ts !== undefined) settlement.ts = event.ts;
        if (error) settlement.error = error;
        return settlement;
      });
  }

  /**
   * The client closed a response: the one request still open over HTTP, if there is exactly one — a guess among
   * several would call the wrong request cancelled.
   */
  private streamClosed(seq: number): HttpSettlement[] {
    prune(this.streaming);
    prune(this.waiting);
    const open = [...this.streaming, ...this.waiting];
    if (open.length !== 1) return [];
    const record = open[0]!;
    this.streaming.splice(this.streaming.indexOf(record), 1);
    if (this.waiting.includes(record)) this.waiting.splice(this.waiting.indexOf(record), 1);
    return record.calls.filter((call) => stillOpen(call)).map((call) => ({ kind: "stream-closed", call, seq }));
  }
}

/** Not answered yet: pending, or cancelled by a notification that an answer may still follow. */
function stillOpen(call: CallEntry): boolean {
  return call.status === "pending" || (call.status === "cancelled" && call.responseSeq === undefined);
}

/** Drops the requests none of whose calls is still open. */
function prune(records: HttpRequestRecord[]): void {
  for (let i = records.length - 1; i >= 0; i--) {
    if (!records[i]!.calls.some((call) => stillOpen(call))) records.splice(i, 1);
  }
}

/** The id key a response message answers, if it is an answer with an id. */
function answeredId(payload: unknown): string | undefined {
  const message = Array.isArray(payload) ? undefined : classifyMessage(payload);
  if (!message || (message.type !== "result" && message.type !== "error") || message.id === null) return undefined;
  return idKey(message.id);
}

function nullIdError(payload: unknown): Refusal["error"] {
  if (!isPlainObject(payload) || payload.id !== null || !isPlainObject(payload.error)) return undefined;
  const error: NonNullable<Refusal["error"]> = { raw: payload };
  if (typeof payload.error.code === "number") error.code = payload.error.code;
  if (typeof payload.error.message === "string") error.message = payload.error.message;
  return error;
}
