/**
 * HAR 1.2 from a trace. Streamable HTTP: one entry per HTTP request and its response, with the JSON-RPC bodies —
 * a JSON body as it was, an SSE stream as its `data:` events. Which response answers which request is the
 * recorder's `exchange` number where the trace records it (read by @mcp-conf/session); in an older trace a response
 * goes to the request that carried the id its first answer names, else to the oldest open request (a 202 to one
 * that carried no request). stdio has no HTTP: each call becomes a synthetic entry, and
 * `log.comment` says so.
 */
import type { CallEntry, CallStatus, SessionAnalysis } from "@mcp-conf/analysis";
import { answeredRequestIndex, classifyMessage, idKey } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Entry, Har, Header } from "har-format";

/** The status line of a synthetic (stdio) entry. */
const STATUS_TEXT: Record<CallStatus, string> = {
  ok: "ok",
  error: "JSON-RPC error",
  "tool-error": "tool error",
  refused: "refused at the HTTP level",
  pending: "no answer",
  cancelled: "cancelled",
  "late-result": "answered after cancellation",
};

interface HttpRequestRecord {
  seq: number;
  /** The exchange number the recorder gave the request (the HTTP pairing), when the trace records one. */
  exchange?: number;
  ts?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  bodies: unknown[];
  /** Keys of the JSON-RPC request ids it carried. */
  ids: Set<string>;
  response?: HttpResponseRecord;
}

interface HttpResponseRecord {
  seq: number;
  exchange?: number;
  ts?: string;
  status: number;
  headers: Record<string, string>;
  bodies: unknown[];
  lastTs?: string;
}

const EPOCH = "1970-01-01T00:00:00.000Z";

export class HarBuilder {
  private readonly requests: HttpRequestRecord[] = [];
  private readonly open: HttpRequestRecord[] = [];
  private readonly byId = new Map<string, HttpRequestRecord>();
  private lastRequest: HttpRequestRecord | undefined;
  private lastResponse: HttpResponseRecord | undefined;
  /** A response whose request is decided by its first message (or by the next HTTP event). */
  private undecided: HttpResponseRecord | undefined;
  private upstream: string | undefined;

  observe(event: TraceEvent): void {
    if (event.kind === "lifecycle" && event.meta?.upstream !== undefined) this.upstream ??= event.meta.upstream;
    if (event.kind === "http") {
      this.decide(undefined);
      if (event.direction === "client-to-server") {
        const request: HttpRequestRecord = {
          seq: event.seq,
          method: event.method ?? "POST",
          path: event.path ?? "/",
          headers: event.headers ?? {},
          bodies: [],
          ids: new Set(),
        };
        if (event.ts !== undefined) request.ts = event.ts;
        if (event.exchange !== undefined) request.exchange = event.exchange;
        this.requests.push(request);
        this.open.push(request);
        this.lastRequest = request;
      } else {
        const response: HttpResponseRecord = {
          seq: event.seq,
          status: event.status ?? 0,
          headers: event.headers ?? {},
          bodies: [],
        };
        if (event.ts !== undefined) response.ts = event.ts;
        if (event.exchange !== undefined) response.exchange = event.exchange;
        this.undecided = response;
        // The recorder wrote which request this answers: nothing to wait for.
        if (response.exchange !== undefined) this.decide(undefined);
        this.lastResponse = response;
      }
      return;
    }
    if (event.kind !== "message" || event.transport !== "streamable-http") return;
    if (event.direction === "client-to-server") {
      if (!this.lastRequest) return;
      this.lastRequest.bodies.push(event.payload);
      const message = classifyMessage(event.payload);
      if (message.type === "request") {
        this.lastRequest.ids.add(idKey(message.id));
        this.byId.set(idKey(message.id), this.lastRequest);
      }
      return;
    }
    const message = classifyMessage(event.payload);
    const answers =
      (message.type === "result" || message.type === "error") && message.id !== null ? idKey(message.id) : undefined;
    if (this.undecided) this.decide(answers);
    // An answer travels on the stream its own request opened; anything else on the latest stream.
    const home = answers !== undefined ? this.byId.get(answers)?.response : undefined;
    const target = home ?? this.lastResponse;
    if (!target) return;
    target.bodies.push(event.payload);
    if (event.ts !== undefined) target.lastTs = event.ts;
  }

  /** Pairs the undecided response with a request: the one that carried `answers`, else the oldest fitting one. */
  private decide(answers: string | undefined): void {
    const response = this.undecided;
    if (!response) return;
    this.undecided = undefined;
    const index = answeredRequestIndex(this.open, response, answers, (request) => [...request.ids]);
    if (index < 0) return;
    const [request] = this.open.splice(index, 1);
    request!.response = response;
  }

  /** The HAR log. `analysis` supplies the session's header and, for stdio, the calls. */
  har(analysis: SessionAnalysis, creatorVersion: string): Har {
    this.decide(undefined);
    const creator = { name: "mcp-conf", version: creatorVersion };
    const missing = missingFramesComment(analysis);
    if (analysis.session.transport !== "streamable-http") {
      const calls = analysis.timeline.filter((entry): entry is CallEntry => entry.kind === "call");
      return {
        log: {
          version: "1.2",
          creator,
          entries: calls.map((call) => syntheticEntry(call, analysis.session.label ?? "session")),
          comment: [
            "stdio session: no HTTP was exchanged; each entry is one JSON-RPC call (request and answer) as a synthetic POST",
            ...(missing === undefined ? [] : [missing]),
          ].join("; "),
        },
      };
    }
    const origin = this.upstream ?? "http://upstream.invalid";
    const entries = this.requests.map((r) => httpEntry(r, origin));
    return { log: { version: "1.2", creator, entries, ...(missing === undefined ? {} : { comment: missing }) } };
  }
}

/** What the capture lost, for `log.comment`, so a HAR of an incomplete capture says so wherever it is opened. */
function missingFramesComment(analysis: SessionAnalysis): string | undefined {
  const missing = analysis.losses.missingEvents;
  return missing === 0 ? undefined : `incomplete capture: ${missing} frame(s) missing (gaps in the trace's seq)`;
}

function headerList(headers: Record<string, string>): Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function millisBetween(from: string | undefined, to: string | undefined): number {
  if (from === undefined || to === undefined) return 0;
  const span = Date.parse(to) - Date.parse(from);
  return Number.isFinite(span) && span > 0 ? span : 0;
}

function bodyText(bodies: unknown[], contentType: string | undefined): string {
  if (contentType?.startsWith("text/event-stream")) return bodies.map((b) => `data: ${JSON.stringify(b)}\n\n`).join("");
  return bodies.length === 1 ? JSON.stringify(bodies[0]) : bodies.map((b) => JSON.stringify(b)).join("\n");
}

function absoluteUrl(origin: string, path: string): string {
  try {
    return new URL(path, origin).href;
  } catch {
    return `http://upstream.invalid${path.startsWith("/") ? path : `/${path}`}`;
  }
}

function httpEntry(request: HttpRequestRecord, origin: string): Entry {
  const response = request.response;
  const wait = millisBetween(request.ts, response?.ts);
  const receive = millisBetween(response?.ts, response?.lastTs);
  const requestText = request.bodies.length === 0 ? undefined : bodyText(request.bodies, undefined);
  const responseType = response?.headers["content-type"] ?? "";
  const responseText = response && response.bodies.length > 0 ? bodyText(response.bodies, responseType) : "";
  const entry: Entry = {
    startedDateTime: request.ts ?? EPOCH,
    time: wait + receive,
    request: {
      method: request.method,
      url: absoluteUrl(origin, request.path),
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(request.headers),
      queryString: [],
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : Buffer.byteLength(requestText),
    },
    response: {
      status: response?.status ?? 0,
      statusText: response ? "" : "no response recorded",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: { size: Buffer.byteLength(responseText), mimeType: responseType || "x-unknown", text: responseText },
      redirectURL: "",
      headersSize: -1,
      bodySize: Buffer.byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait, receive },
    comment: `trace seq ${request.seq}${response ? ` → ${response.seq}` : ""}`,
  };
  if (requestText !== undefined) {
    entry.request.postData = { mimeType: request.headers["content-type"] ?? "application/json", text: requestText };
  }
  return entry;
}

function syntheticEntry(call: CallEntry, label: string): Entry {
  const requestText = JSON.stringify(call.request);
  const responseText = call.response === undefined ? "" : JSON.stringify(call.response);
  const wait = call.latencyMs ?? 0;
  return {
    startedDateTime: call.ts ?? EPOCH,
    time: wait,
    request: {
      method: "POST",
      url: `stdio://${encodeURIComponent(label)}/${call.method.split("/").map(encodeURIComponent).join("/")}`,
      httpVersion: "stdio",
      cookies: [],
      headers: [],
      queryString: [],
      postData: { mimeType: "application/json", text: requestText },
      headersSize: -1,
      bodySize: Buffer.byteLength(requestText),
    },
    response: {
      status: call.response === undefined ? 0 : 200,
      statusText: STATUS_TEXT[call.status],
      httpVersion: "stdio",
      cookies: [],
      headers: [],
      content: { size: Buffer.byteLength(responseText), mimeType: "application/json", text: responseText },
      redirectURL: "",
      headersSize: -1,
      bodySize: Buffer.byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait, receive: 0 },
    comment: `${call.direction} call, trace seq ${call.seq}${call.responseSeq === undefined ? "" : ` → ${call.responseSeq}`}`,
  };
}
