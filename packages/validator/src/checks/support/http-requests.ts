/**
 * A reading of the streamable-HTTP events of a trace: which HTTP request carried which message, and which response
 * answers which request. The pairing is @mcp-conf/session's (`answeredRequestIndex`): the recorder's `exchange`
 * where the trace has it, certain; in an older trace inferred among the requests still waiting for a response (the
 * c→s `http` event of a POST comes right before the message it carried). When several are waiting the inference
 * may be wrong, so every response says whether its pairing is certain (recorded, or exactly one request was waiting
 * and no inference since the last time none was) and which kinds of request it could answer; checks judge only
 * what is certain. State is bounded by the number of HTTP requests in flight.
 */

import { answeredRequestIndex, classifyMessage, idKey } from "@mcp-conf/session";
import { type HttpEvent, isPlainObject, type MessageEvent, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";

/** What an HTTP request turned out to be. */
/** `post-notification` covers notifications and responses; `post-other` a batch or an invalid body. */
export type HttpRequestKind =
  | "post-request"
  | "post-notification"
  | "post-other"
  | "post-empty"
  | "get"
  | "delete"
  | "other";

export interface HttpRequest {
  seq: number;
  event: HttpEvent;
  /** The exchange number the recorder gave it (the HTTP pairing), when the trace records one. */
  exchange?: number;
  /** Upper-cased method: recorded, or inferred (a body means POST, none means GET). */
  method: string;
  kind: HttpRequestKind;
  /** The message the POST carried, when it did. */
  body?: MessageEvent;
  /** The JSON-RPC method and id of the request the POST carried, when it carried one. */
  rpcMethod?: string;
  rpcId?: string | number;
}

export interface HttpResponseReading {
  event: HttpEvent;
  /** The request it most likely answers (undefined when none was waiting). */
  request?: HttpRequest;
  /** True when exactly one request was waiting, so `request` is certain. */
  certain: boolean;
  /** The kinds of every request that was waiting when it came. */
  waitingKinds: ReadonlySet<HttpRequestKind>;
  /** False when an earlier inference may have left the wrong requests waiting, so `waitingKinds` cannot be relied on. */
  trusted: boolean;
}

export interface HttpReading {
  /** Requests whose kind became known with this event (a POST when its body came, others when they settled). */
  settled: HttpRequest[];
  response?: HttpResponseReading;
  /** A client message that no HTTP request of its own carried. */
  strayMessage?: MessageEvent;
}

const EMPTY: HttpReading = { settled: [] };

export class HttpRequests {
  /** Requests waiting for their response, oldest first. */
  private readonly waiting: HttpRequest[] = [];
  /** The latest client request whose body may still come. */
  private open: HttpRequest | undefined;
  /** A response was paired by inference while several requests waited: no pairing is certain until none wait. */
  private inferred = false;

  observe(event: TraceEvent): HttpReading {
    if (event.transport !== "streamable-http") return EMPTY;
    if (event.kind === "http") {
      return event.direction === "client-to-server" ? this.request(event) : this.response(event);
    }
    if (event.kind === "message" && event.direction === "client-to-server") return this.body(event);
    return EMPTY;
  }

  /** The trace ended: requests still unsettled settle as they are. */
  finish(): HttpRequest[] {
    const settled: HttpRequest[] = [];
    if (this.open) settled.push(this.settle(this.open));
    this.open = undefined;
    return settled;
  }

  private request(event: HttpEvent): HttpReading {
    const settled: HttpRequest[] = [];
    if (this.open) settled.push(this.settle(this.open));
    const method = typeof event.method === "string" ? event.method.toUpperCase() : "";
    const request: HttpRequest = { seq: event.seq, event, method, kind: "other" };
    if (event.exchange !== undefined) request.exchange = event.exchange;
    this.waiting.push(request);
    if (method === "" || method === "POST") this.open = request;
    else {
      this.open = undefined;
      settled.push(this.settle(request));
    }
    return { settled };
  }

  private body(event: MessageEvent): HttpReading {
    const request = this.open;
    this.open = undefined;
    if (!request) return { settled: [], strayMessage: event };
    request.body = event;
    request.method = "POST";
    const message = Array.isArray(event.payload) ? undefined : classifyMessage(event.payload);
    if (message?.type === "request") {
      request.kind = "post-request";
      request.rpcMethod = message.method;
      request.rpcId = message.id;
    } else if (message && message.type !== "invalid") request.kind = "post-notification";
    else request.kind = "post-other";
    return { settled: [request] };
  }

  private settle(request: HttpRequest): HttpRequest {
    if (request.body) return request;
    if (request.method === "" || request.method === "GET") {
      request.method = "GET";
      request.kind = "get";
    } else if (request.method === "POST") request.kind = "post-empty";
    else if (request.method === "DELETE") request.kind = "delete";
    else request.kind = "other";
    return request;
  }

  private response(event: HttpEvent): HttpReading {
    const settled: HttpRequest[] = [];
    // A request whose body may still come keeps its kind "other" until it settles, so no judgement rests on it.
    const waitingKinds = new Set(this.waiting.map((request) => request.kind));
    // Where the recorder wrote the pairing nothing is inferred; else the inference is certain only with one request waiting
    // and no earlier inference that may have left the wrong ones waiting.
    const recorded = event.exchange !== undefined;
    const trusted = recorded || !this.inferred;
    const certain = trusted && (recorded || this.waiting.length === 1);
    if (!recorded && this.waiting.length > 1) this.inferred = true;
    // The session model's pairing; its body is not read yet, so an old trace's is inferred from what waits.
    const index = answeredRequestIndex(this.waiting, event, undefined, carriedIds);
    const request = index >= 0 ? this.waiting.splice(index, 1)[0] : undefined;
    if (this.waiting.length === 0) this.inferred = false;
    const response: HttpResponseReading = { event, certain: certain && request !== undefined, waitingKinds, trusted };
    if (request) response.request = request;
    return { settled, response };
  }
}

/** The JSON-RPC request ids (`idKey`) an HTTP request carried. */
function carriedIds(request: HttpRequest): readonly string[] {
  return request.rpcId === undefined ? [] : [idKey(request.rpcId)];
}

/** The media type of a response's Content-Type header, lower-cased, without parameters. */
export function contentType(event: HttpEvent): string | undefined {
  const value = event.headers?.["content-type"];
  if (typeof value !== "string") return undefined;
  return (value.split(";")[0] ?? "").trim().toLowerCase();
}

/** A header value, when the event carries it as a string. */
export function header(event: HttpEvent, name: string): string | undefined {
  const headers: unknown = event.headers;
  if (!isPlainObject(headers)) return undefined;
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
}

/** Media types listed in an Accept or Content-Type header, lower-cased, parameters dropped. */
export function mediaTypes(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(",")
    .map((part) => (part.split(";")[0] ?? "").trim().toLowerCase())
    .filter((part) => part.length > 0);
}

/**
 * A check that reads the client's HTTP requests and the server's responses with an HttpRequests of its own:
 * `reading` sees what each event settled; `finished`, the requests still unsettled when the trace ended.
 */
export function httpReadingCheck(
  id: string,
  description: string,
  on: {
    reading(ctx: CheckContext, reading: HttpReading): void;
    finished?(ctx: CheckContext, requests: HttpRequest[]): void;
  },
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { events: ["http", "message"], transports: ["streamable-http"] },
    create(ctx) {
      const http = new HttpRequests();
      const { finished } = on;
      return {
        event: (event: TraceEvent) => on.reading(ctx, http.observe(event)),
        ...(finished ? { finish: () => finished(ctx, http.finish()) } : {}),
      };
    },
  };
}
