/**
 * The analysis model: what a recorded (or running) MCP session did, as plain JSON-ready data. The timeline holds
 * every call, notification, stderr line and odd message in seq order; the statistics, definitions, context cost
 * and losses are read off it. Every renderer (json, text, html, har, the live view) and `check`/`diff` read these
 * facts, so they cannot disagree about what a call's status was.
 */

import type { CorrelationIssue, JsonRpcId } from "@mcp-conf/session";
import type { Direction, Transport } from "@mcp-conf/trace-format";

/**
 * A call's fate, a closed set. `tool-error` is a tools/call result with `isError: true`; `refused` a request whose
 * HTTP POST the server answered with an error status and no JSON-RPC answer (`httpStatus` says which); `cancelled` a
 * request the requester cancelled (by notifications/cancelled, or in the stateless revisions by closing its response
 * stream) that was never answered; `late-result` an answer that came after its cancellation; `pending` a request
 * still open when the trace ended (or, live, not answered yet).
 */
export const CALL_STATUSES = ["ok", "error", "tool-error", "refused", "pending", "cancelled", "late-result"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A request and what became of it. */
export interface CallEntry {
  kind: "call";
  /** Position in the timeline. */
  index: number;
  /** Seq of the request. */
  seq: number;
  direction: Direction;
  method: string;
  id: JsonRpcId;
  /** What the call is about: the tool or prompt name, or the resource URI. */
  target?: string;
  status: CallStatus;
  /** Response time minus request time, when the recorder stamped both. */
  latencyMs?: number;
  ts?: string;
  /** The HTTP session (`mcp-session-id`) the request travelled in. */
  session?: string;
  /** The request message as received (one element, for a batch). */
  request: unknown;
  responseSeq?: number;
  responseTs?: string;
  response?: unknown;
  /** The JSON-RPC error of an `error` (or late error) answer, or the null-id error a refusing response carried. */
  error?: { code?: number; message?: string };
  /** `refused`: the HTTP status of the response that refused the POST (its seq is `responseSeq`). */
  httpStatus?: number;
  /** Seq of the notifications/cancelled that named this request, or of the transport-abort that closed its stream. */
  cancelledSeq?: number;
  /** Streamable HTTP: the request that carried the call and the response it got (status and headers as recorded). */
  http?: HttpExchange;
}

/** One HTTP request and its response, as the trace recorded them (header names lower-case). */
export interface HttpExchange {
  method?: string;
  path?: string;
  requestHeaders?: Record<string, string>;
  status?: number;
  responseHeaders?: Record<string, string>;
}

/** A notification, in either direction. */
export interface NotificationEntry {
  kind: "notification";
  index: number;
  seq: number;
  direction: Direction;
  method: string;
  ts?: string;
  session?: string;
  message: unknown;
}

/** A result or error that answers no open request, or a message that is not JSON-RPC. */
export interface StrayEntry {
  kind: "orphan-response" | "invalid";
  index: number;
  seq: number;
  direction: Direction;
  ts?: string;
  message: unknown;
}

/** A line the server wrote to stderr, or a non-JSON (or truncated) line on the protocol channel. */
export interface TextEntry {
  kind: "stderr" | "raw";
  index: number;
  seq: number;
  direction: Direction;
  ts?: string;
  text: string;
  /** Raw lines cut at the recorder's --max-message-bytes. */
  truncated?: boolean;
}

/**
 * An HTTP response that carried no JSON-RPC message: an error status (401, 405, 502 …), or a body-less 2xx (the 202
 * that acknowledges a notification or an answer, a 200 to a DELETE).
 */
export interface HttpEntry {
  kind: "http";
  index: number;
  seq: number;
  direction: Direction;
  ts?: string;
  status: number;
  /** The request it answered, when the trace holds it. */
  requestMethod?: string;
  path?: string;
  requestHeaders?: Record<string, string>;
  /** The response's headers (WWW-Authenticate on a 401 …). */
  headers?: Record<string, string>;
}

export type TimelineEntry = CallEntry | NotificationEntry | StrayEntry | TextEntry | HttpEntry;
export type EntryKind = TimelineEntry["kind"];
export const ENTRY_KINDS = ["call", "notification", "orphan-response", "invalid", "stderr", "raw", "http"] as const;

/** Latency percentiles (nearest rank) over the calls that have a latency. */
export interface LatencySummary {
  /** How many calls had a latency (both sides time-stamped). */
  measured: number;
  p50?: number;
  p95?: number;
  p99?: number;
  max?: number;
}

/** Counts and latency of the calls of one method, or one tool. */
export interface CallStats {
  /** The method, or the tool name. */
  name: string;
  calls: number;
  byStatus: Record<CallStatus, number>;
  latency: LatencySummary;
}

export interface SlowCall {
  seq: number;
  method: string;
  target?: string;
  latencyMs: number;
}

/** One definition as the server last listed it. */
export interface Definition {
  /** The tool or prompt name, the resource URI or URI template. */
  name: string;
  /** Seq of the list result that carried it. */
  seq: number;
  definition: Record<string, unknown>;
}

export interface Definitions {
  tools: Definition[];
  prompts: Definition[];
  resources: Definition[];
  resourceTemplates: Definition[];
}

export interface DefinitionCost {
  name: string;
  tokens: number;
  /** Where the tokens sit (each part counted on its own compact JSON; `rest` is what the parts leave). */
  parts?: DefinitionParts;
}

/** A definition's tokens by part: its description, its schemas (input and output, a prompt's arguments), the rest. */
export interface DefinitionParts {
  description: number;
  schema: number;
  rest: number;
}

/** What one tool's results put into a model's context: every result's compact JSON, and the heaviest one. */
export interface ResultCost {
  /** The tool. */
  name: string;
  /** Results counted (answers with a result: ok, tool errors, late results). */
  results: number;
  tokens: number;
  heaviest: { seq: number; tokens: number };
}

/**
 * The tokens the server's definitions add to a model's context: each definition's compact JSON as listed, counted
 * by the tokenizer named in `tokenizer`.
 */
export interface ContextCost {
  tokenizer: string;
  total: number;
  tools: { total: number; items: DefinitionCost[] };
  prompts: { total: number; items: DefinitionCost[] };
  resources: { total: number; items: DefinitionCost[] };
  resourceTemplates: { total: number; items: DefinitionCost[] };
  /** The tools' results in this session, per tool (absent when the timeline was not given). */
  results?: { total: number; items: ResultCost[] };
}

/** What the trace shows the recorder did not capture. */
export interface ObservationLosses {
  /** Runs of missing seq numbers: events the recorder numbered but did not write (a sink dropped them). */
  seqGaps: { after: number; before: number; missing: number }[];
  missingEvents: number;
  /** Messages cut at --max-message-bytes. */
  truncated: { seq: number; bytes?: number }[];
  /** Pairing problems: duplicate ids, answers to nothing, batches, null ids. */
  correlationIssues: CorrelationIssue[];
  /** The trace ended without a transport-close (a running session, or a recorder that was killed). */
  unclosed: boolean;
}

export interface SessionHeader {
  label?: string;
  /** The recorder's session id (the file name's `{session}`). */
  id?: string;
  transport?: Transport;
  command?: string[];
  upstream?: string;
  /** The recorder, and (recorder 0.2 on) the process that recorded: its pid and start (see the trace format). */
  recorder?: { name: string; version: string; pid?: number; started?: string; procStart?: number };
  /** First and last event time stamps, and the time between them. */
  start?: string;
  end?: string;
  durationMs?: number;
  events: number;
  firstSeq?: number;
  lastSeq?: number;
  /** How the transport ended: closed, aborted, or still open when the trace ended. */
  ended: "close" | "abort" | "open";
}

export interface SessionAnalysis {
  session: SessionHeader;
  protocol: { requested?: string; negotiated?: string; stateless?: string };
  peers: { client?: Record<string, unknown>; server?: Record<string, unknown> };
  capabilities: { client?: Record<string, unknown>; server?: Record<string, unknown> };
  timeline: TimelineEntry[];
  counts: {
    calls: number;
    notifications: number;
    stderr: number;
    byStatus: Record<CallStatus, number>;
  };
  methods: CallStats[];
  tools: CallStats[];
  /** The slowest calls, slowest first (at most ten). */
  slowest: SlowCall[];
  definitions: Definitions;
  /** Absent until measured (`measureContextCost`; `analyzeTrace` does it unless told not to). */
  contextCost?: ContextCost;
  losses: ObservationLosses;
}
