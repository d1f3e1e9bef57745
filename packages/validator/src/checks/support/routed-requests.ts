/**
 * A reading of 2026-07-28 streamable HTTP: each POST that carried a JSON-RPC request, its routing headers compared
 * with its body (MCP-Protocol-Version with `_meta`, Mcp-Method with `method`, Mcp-Name with `params.name` or
 * `params.uri`, each `Mcp-Param-{Name}` with the argument the tool's `x-mcp-header` names, after Base64 decoding),
 * the answer it drew with the HTTP status that carried it, and the requests whose response stream the client
 * closed. Which HTTP response carried which request comes from HttpRequests, and only certain pairings count.
 * The tools' annotations come from the latest `tools/list` answer seen. Bounded by the requests in flight and the
 * tools listed.
 */

import {
  classifyMessage,
  idKey,
  type JsonRpcMessage,
  type MessageRef,
  STATELESS_VERSION_META_KEY,
  trimOldest,
} from "@mcp-conf/session";
import {
  type HttpEvent,
  isPlainHeaderSafe,
  isPlainObject,
  type MessageEvent,
  PARAM_HEADER_PREFIX,
  readHeaderValue,
  type TraceEvent,
} from "@mcp-conf/trace-format";
import { quote } from "./detail.js";
import { contentType, type HttpRequest, HttpRequests, header } from "./http-requests.js";

/** What can be wrong with a request's routing headers, by the sentence that forbids it. */
export type HeaderProblemKind =
  /** MCP-Protocol-Version absent. */
  | "version-missing"
  /** MCP-Protocol-Version ≠ the body's `_meta` protocolVersion. */
  | "version-mismatch"
  /** Mcp-Method or Mcp-Name absent where required. */
  | "standard-missing"
  /** Mcp-Method or Mcp-Name ≠ the body. */
  | "standard-mismatch"
  /** A value that is not header-safe sent plain and altered (or a sentinel whose Base64 does not decode to UTF-8). */
  | "encoding"
  /** A value that is not header-safe sent plain as it is. */
  | "unencoded"
  /** A plain value of the sentinel's shape sent as it is. */
  | "sentinel-plain"
  /** The sentinel's markers in another case. */
  | "marker-case"
  /** An annotated argument with a value but no Mcp-Param header, or a header that does not match it. */
  | "param-mismatch"
  /** An Mcp-Param header for an annotated argument that is null or absent. */
  | "param-unexpected"
  /** A recognised Mcp-Param header holding characters outside visible ASCII, space and tab. */
  | "param-invalid-chars";

/** Problems Server Validation rejects with -32020 (an Mcp-Param header for a null argument is only "not expected"). */
export const REJECTED_HEADER_PROBLEMS: readonly HeaderProblemKind[] = [
  "version-mismatch",
  "standard-missing",
  "standard-mismatch",
  "encoding",
  "unencoded",
  "sentinel-plain",
  "marker-case",
  "param-mismatch",
  "param-invalid-chars",
];

export interface HeaderProblem {
  kind: HeaderProblemKind;
  detail: string;
  /** The mirrored header it concerns, for the encoding problems. */
  on?: "mcp-name" | "mcp-param";
  /** For `param-unexpected`: whether the argument was null or left out. */
  argument?: "null" | "absent";
}

export interface RoutedRequest {
  /** The seq of the POST's http event. */
  seq: number;
  http: HttpEvent;
  message: JsonRpcMessage & { type: "request" };
  /** The request's body seq. */
  bodySeq: number;
  problems: HeaderProblem[];
  /**
   * What was compared: the version header with `_meta`, the standard headers, mirrored values, annotated arguments
   * (with a value; null or absent, and which), integer arguments sent in a header, and any of those whose header
   * text differs from the decimal form but agrees as a number (`numeric`).
   */
  compared: Set<
    | "version"
    | "standard"
    | "mirrored"
    | "param-present"
    | "param-absent"
    | "param-null"
    | "param-missing"
    | "integer"
    | "numeric"
    | "encoded"
  >;
  /** The event was redacted: values may differ from what was sent, so comparisons are skipped. */
  redacted: boolean;
}

export interface RoutedAnswer {
  request: RoutedRequest;
  seq: number;
  message: JsonRpcMessage;
  ref: MessageRef;
  /** The HTTP status of the response that carried it; undefined when the pairing is not certain. */
  status: number | undefined;
}

export interface RoutedReading {
  settled?: RoutedRequest;
  answered?: RoutedAnswer;
  /** A server message (an answer, or progress) for a request whose response stream the client had closed. */
  afterClose?: { request: RoutedRequest; seq: number; message: JsonRpcMessage };
  /** The client closed the response stream of this request (its cancellation). */
  closed?: RoutedRequest;
  /** A client message on a POST that is a JSON-RPC response (result or error). */
  clientResponse?: { seq: number; message: JsonRpcMessage };
  /** A server notification while exactly one request's response was open: it travelled on that response. */
  onStream?: { request: RoutedRequest; seq: number; message: JsonRpcMessage & { type: "notification" } };
}

const MAX_TRACKED = 4096;
const NAMED: Readonly<Record<string, "name" | "uri">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};
const INVALID_HEADER_CHAR = /[^\x20-\x7e\t]/;
const ANY_CASE_SENTINEL = /^=\?base64\?.*\?=$/is;

/** The header form of an argument value (string, integer, boolean); undefined for any other value. */
export function headerText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  return undefined;
}

/** Annotated properties of a tool's inputSchema, reachable through `properties` alone: path and header name. */
export function headerAnnotations(tool: Record<string, unknown>): Array<{ path: string[]; name: string }> {
  const out: Array<{ path: string[]; name: string }> = [];
  const walk = (schema: unknown, path: string[], depth: number) => {
    if (!isPlainObject(schema) || depth > 16) return;
    if (path.length > 0 && typeof schema["x-mcp-header"] === "string") {
      out.push({ path, name: schema["x-mcp-header"] });
    }
    if (!isPlainObject(schema.properties)) return;
    for (const [key, child] of Object.entries(schema.properties)) walk(child, [...path, key], depth + 1);
  };
  walk(tool.inputSchema, [], 0);
  return out;
}

function valueAt(args: unknown, path: string[]): unknown {
  let value = args;
  for (const key of path) {
    if (!isPlainObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

export class RoutedRequests {
  private readonly http = new HttpRequests();
  /** Requests awaiting their answer, by id key. */
  private readonly waiting = new Map<string, RoutedRequest>();
  /** HTTP status of a certain pairing, by request id key, until its answer comes. */
  private readonly status = new Map<string, number>();
  /** Requests whose response has begun and whose answer has not come (SSE streams and JSON bodies). */
  private readonly responding = new Map<string, RoutedRequest>();
  /** Requests whose response stream the client closed, with their progress token. */
  private readonly closed = new Map<string, { request: RoutedRequest; token: unknown }>();
  /** Annotated tools from the latest tools/list answer: name → annotations. */
  private readonly tools = new Map<string, Array<{ path: string[]; name: string }>>();
  /** Set by compare() when a header it read was in the sentinel form. */
  private sawEncoded = false;

  observe(event: TraceEvent): RoutedReading {
    if (event.transport !== "streamable-http") return {};
    if (event.kind === "lifecycle" && event.event === "transport-abort" && event.direction === "client-to-server") {
      const closed = this.streamClosed();
      return closed ? { closed } : {};
    }
    const reading = this.http.observe(event);
    if (reading.response)
      this.responseStarted(reading.response.certain, reading.response.request, reading.response.event);
    if (event.kind !== "message") {
      return {};
    }
    if (Array.isArray(event.payload)) return {};
    const message = classifyMessage(event.payload);
    if (event.direction === "client-to-server") {
      const post = reading.settled.find((request) => request.body === event);
      if (message.type === "result" || message.type === "error") {
        return post ? { clientResponse: { seq: event.seq, message } } : {};
      }
      if (message.type !== "request" || !post) return {};
      const routed: RoutedRequest = {
        seq: post.seq,
        http: post.event,
        message,
        bodySeq: event.seq,
        problems: [],
        compared: new Set(),
        redacted: post.event.redacted === true || event.redacted === true,
      };
      if (!routed.redacted) {
        this.sawEncoded = false;
        routed.problems = this.problems(post, message, routed.compared);
        if (this.sawEncoded) routed.compared.add("encoded");
      }
      const key = idKey(message.id);
      this.waiting.set(key, routed);
      trimOldest(this.waiting, MAX_TRACKED);
      return { settled: routed };
    }
    return this.serverMessage(event, message);
  }

  private responseStarted(certain: boolean, request: HttpRequest | undefined, http: HttpEvent): void {
    if (!request || request.rpcId === undefined) return;
    const key = idKey(request.rpcId);
    const routed = this.waiting.get(key);
    if (!routed) return;
    if (certain) {
      this.status.set(key, http.status ?? 0);
      trimOldest(this.status, MAX_TRACKED);
    }
    if (certain || contentType(http) === "text/event-stream") {
      this.responding.set(key, routed);
      trimOldest(this.responding, MAX_TRACKED);
    }
  }

  /** The client closed a response: when exactly one was open, it was that request's. */
  private streamClosed(): RoutedRequest | undefined {
    if (this.responding.size !== 1) {
      this.responding.clear();
      return undefined;
    }
    const [key, request] = [...this.responding][0]!;
    this.responding.clear();
    const params = isPlainObject(request.message.params) ? request.message.params : {};
    const token = isPlainObject(params._meta) ? params._meta.progressToken : undefined;
    this.closed.set(key, { request, token });
    trimOldest(this.closed, MAX_TRACKED);
    return request;
  }

  private serverMessage(event: MessageEvent, message: JsonRpcMessage): RoutedReading {
    const seq = event.seq;
    if (message.type === "notification") {
      const params = isPlainObject(message.params) ? message.params : undefined;
      const token = params?.progressToken;
      if (typeof token === "string" || typeof token === "number") {
        for (const entry of this.closed.values()) {
          if (entry.token === token) {
            return { afterClose: { request: entry.request, seq, message } };
          }
        }
      }
      if (this.responding.size !== 1) return {};
      const [request] = this.responding.values();
      return { onStream: { request: request!, seq, message } };
    }
    if (message.type !== "result" && message.type !== "error") return {};
    if (message.id === null) return {};
    const key = idKey(message.id);
    const closed = this.closed.get(key);
    if (closed) {
      this.closed.delete(key);
      return { afterClose: { request: closed.request, seq, message } };
    }
    const request = this.waiting.get(key);
    if (!request) return {};
    this.waiting.delete(key);
    this.responding.delete(key);
    const status = this.status.get(key);
    this.status.delete(key);
    if (request.message.method === "tools/list" && message.type === "result") this.learnTools(message.result);
    const ref: MessageRef = { seq, direction: event.direction, message, event };
    return { answered: { request, seq, message, ref, status } };
  }

  private learnTools(result: unknown): void {
    if (!isPlainObject(result) || !Array.isArray(result.tools)) return;
    for (const tool of result.tools) {
      if (!isPlainObject(tool) || typeof tool.name !== "string") continue;
      this.tools.delete(tool.name);
      this.tools.set(tool.name, headerAnnotations(tool));
      trimOldest(this.tools, MAX_TRACKED);
    }
  }

  private problems(
    post: HttpRequest,
    message: JsonRpcMessage & { type: "request" },
    compared: RoutedRequest["compared"],
  ): HeaderProblem[] {
    const problems: HeaderProblem[] = [];
    const params = isPlainObject(message.params) ? message.params : {};
    const meta = isPlainObject(params._meta) ? params._meta : {};
    const version = header(post.event, "mcp-protocol-version");
    const bodyVersion = meta[STATELESS_VERSION_META_KEY];
    if (version !== undefined && typeof bodyVersion === "string") compared.add("version");
    if (version === undefined) problems.push({ kind: "version-missing", detail: "no MCP-Protocol-Version header" });
    else if (typeof bodyVersion === "string" && version !== bodyVersion) {
      problems.push({
        kind: "version-mismatch",
        detail: `MCP-Protocol-Version ${quote(version)}, but _meta protocolVersion ${quote(bodyVersion)}`,
      });
    }
    compared.add("standard");
    const method = header(post.event, "mcp-method");
    if (method === undefined) problems.push({ kind: "standard-missing", detail: "no Mcp-Method header" });
    else if (method !== message.method) {
      problems.push({
        kind: "standard-mismatch",
        detail: `Mcp-Method ${quote(method)}, but method ${quote(message.method)}`,
      });
    }
    const field = NAMED[message.method];
    if (field !== undefined && typeof params[field] === "string") {
      compared.add("mirrored");
      this.mirrored(
        problems,
        "Mcp-Name",
        header(post.event, "mcp-name"),
        params[field] as string,
        `params.${field}`,
        {
          missing: "standard-missing",
          mismatch: "standard-mismatch",
        },
        "mcp-name",
      );
    }
    if (message.method === "tools/call" && typeof params.name === "string") {
      for (const { path, name } of this.tools.get(params.name) ?? []) {
        const headerName = `${PARAM_HEADER_PREFIX}${name.toLowerCase()}`;
        const sent = header(post.event, headerName);
        const value = valueAt(params.arguments, path);
        const label = `Mcp-Param-${name}`;
        compared.add(value === undefined || value === null ? "param-absent" : "param-present");
        if (value === undefined || value === null) {
          compared.add(value === null ? "param-null" : "param-missing");
          if (sent !== undefined) {
            problems.push({
              kind: "param-unexpected",
              argument: value === null ? "null" : "absent",
              detail: `${label} ${quote(sent)}, but arguments.${path.join(".")} is ${value === null ? "null" : "absent"}`,
            });
          }
          continue;
        }
        if (sent !== undefined && INVALID_HEADER_CHAR.test(sent)) {
          problems.push({
            kind: "param-invalid-chars",
            detail: `${label} ${quote(sent)} holds characters outside visible ASCII, space and tab`,
          });
        }
        const text = headerText(value);
        if (text === undefined) continue;
        if (typeof value === "number" && sent !== undefined) {
          compared.add("integer");
          if (sent !== text && sameInteger(sent, text)) compared.add("numeric");
        }
        this.mirrored(
          problems,
          label,
          sent,
          text,
          `arguments.${path.join(".")}`,
          {
            missing: "param-mismatch",
            mismatch: "param-mismatch",
          },
          "mcp-param",
        );
      }
    }
    return problems;
  }

  /** Compares one mirrored header with its body value, noting encoding problems on the way. */
  private mirrored(
    problems: HeaderProblem[],
    label: string,
    sent: string | undefined,
    value: string,
    source: string,
    kinds: { missing: HeaderProblemKind; mismatch: HeaderProblemKind },
    on: "mcp-name" | "mcp-param",
  ): void {
    const problem = this.compare(label, sent, value, source, kinds);
    if (problem) problems.push({ ...problem, on });
  }

  /** The one problem a mirrored header has against its body value, if any. */
  private compare(
    label: string,
    sent: string | undefined,
    value: string,
    source: string,
    kinds: { missing: HeaderProblemKind; mismatch: HeaderProblemKind },
  ): HeaderProblem | undefined {
    if (sent === undefined) {
      return { kind: kinds.missing, detail: `no ${label} header, but ${source} is ${quote(value)}` };
    }
    if (sent === value && !isPlainHeaderSafe(value)) {
      return readHeaderValue(value).encoded
        ? { kind: "sentinel-plain", detail: `${label} carries ${quote(value)}, a value of the sentinel's shape, plain` }
        : { kind: "unencoded", detail: `${label} carries ${quote(value)} plain, which is not a header-safe value` };
    }
    const reading = readHeaderValue(sent);
    if (reading.encoded) this.sawEncoded = true;
    if (!reading.encoded && ANY_CASE_SENTINEL.test(sent)) {
      return {
        kind: "marker-case",
        detail: `${label} ${quote(sent)} writes the markers in another case than =?base64?…?=`,
      };
    }
    if (reading.encoded && reading.value === undefined) {
      return { kind: "encoding", detail: `${label} ${quote(sent)} is not Base64 of UTF-8 text` };
    }
    if (reading.value === value || sameInteger(reading.value, value)) return undefined;
    if (!reading.encoded && !isPlainHeaderSafe(value)) {
      return {
        kind: "encoding",
        detail: `${label} ${quote(sent)} carries ${quote(value)} without the Base64 it needs`,
      };
    }
    const decoded = reading.encoded ? ` (decoded ${quote(reading.value)})` : "";
    return {
      kind: kinds.mismatch,
      detail: `${label} ${quote(sent)}${decoded}, but ${source} is ${quote(value)}`,
    };
  }
}

/** Integer values compare as numbers (`42.0` and `42` agree), as Server Validation advises. */
function sameInteger(sent: string | undefined, value: string): boolean {
  if (sent === undefined || !/^-?\d+$/.test(value) || !/^-?\d+(?:\.0+)?$/.test(sent.trim())) return false;
  return Number(sent) === Number(value);
}
