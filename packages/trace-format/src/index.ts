/**
 * @mcp-conf/trace-format: the one language every mcp-conf package speaks — the trace event, its JSONL reading and
 * writing, canonical JSON, terminal-safe text, and the exchange model that pairs requests with their answers.
 */

/** Forgets a map's or set's oldest entries in batches once it outgrows a limit. */
export { trimOldest } from "./bounded.js";
/** RFC 8785 canonical JSON text and JSON equality (key order irrelevant, 1 and "1" differ). */
export { canonicalJson, jsonEqual } from "./canonical-json.js";
export {
  /** The exchange model's correlation defects: a duplicate id, a response to nothing, a batch, … */
  type CorrelationIssue,
  /** The closed set of correlation issue kinds. */
  type CorrelationIssueKind,
  /** Pairs responses with requests over a trace fed in seq order. */
  Correlator,
  /** A request with its answer, a notification, an orphan response, or an invalid message. */
  type Exchange,
  /** The key of a JSON-RPC id within an id space (1 and "1" differ). */
  idKey,
  /** One observed JSON-RPC message with its seq, direction and HTTP session. */
  type MessageRef,
  /** What one observed event carried and completed. */
  type Observation,
  /** A MessageRef known to hold a request. */
  type RequestRef,
} from "./correlator.js";
/** The trace event JSON Schema, its compiled validator, and the fast check that agrees with it. */
export {
  checkTraceEvent,
  type EventSchemaProblem,
  type JsonSchemaDocument,
  traceEventSchema,
} from "./event-schema.js";
/** Values of the routing headers that mirror the body (`Mcp-Name`, `Mcp-Param-*`): the Base64 sentinel form. */
export {
  encodeHeaderValue,
  type HeaderValueReading,
  isPlainHeaderSafe,
  PARAM_HEADER_PREFIX,
  readHeaderValue,
} from "./header-values.js";
export {
  /** Classifies one JSON value as a JSON-RPC request, notification, result, error or invalid message. */
  classifyMessage,
  /** Whether a value is a non-null, non-array object. */
  isPlainObject,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcInvalid,
  /** A classified JSON-RPC message with its raw value and shape problems. */
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResult,
} from "./jsonrpc.js";
/** Reader limits and their defaults. */
export {
  DEFAULT_MAX_EVENTS,
  type ReadTraceOptions,
} from "./line-parser.js";
/** Whether a host is this machine (localhost, *.localhost, 127.0.0.0/8, ::1, ::ffff:127.0.0.0/104), in any spelling. */
export { isLoopbackHost } from "./loopback.js";
/** The id and method read from the start of a message the recorder cut at its size limit. */
export { type MessageHead, readMessageHead } from "./message-head.js";
/** Reading traces: async from any source, streamed from a file, or synchronously from memory. */
export { readTrace, readTraceFile, readTraceSync, type TraceSource } from "./reader.js";
/** The placeholder redaction leaves in place of a value, and its test. */
export { isRedactionPlaceholder, redactionPlaceholder } from "./redaction-placeholder.js";
/** Escapes control, bidi, zero-width and format characters as `\u{…}` for terminal output. */
export { escapeTerminal, replaceUnsafe, terminalSafeJson } from "./safe-text.js";
/** One event as one JSONL line in the stable key order. */
export { serializeEvent } from "./serialize.js";
export {
  /** The `_meta` keys of a modern request's client capabilities and identity, and of a result's server identity. */
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  /** The protocol version a session settled on (negotiated, else that of the first modern request answered). */
  declaredVersion,
  /** Whether a capability path such as `server.tools` was declared. */
  hasCapability,
  SERVER_INFO_META_KEY,
  /** Versions, capabilities and infos of either era: the initialize exchange, or `_meta` and `server/discover`. */
  type SessionFacts,
  /** Accumulates SessionFacts from events, messages and exchanges. */
  SessionFactsTracker,
  /** The `_meta` key carrying the protocol version in stateless revisions. */
  STATELESS_VERSION_META_KEY,
  /** Whether the server has declared its capabilities yet (initialize or server/discover result). */
  serverCapabilitiesKnown,
} from "./session-facts.js";
/** The malformed-trace error, its reason codes and a guard. */
export {
  isTraceFormatError,
  TRACE_FORMAT_REASONS,
  TraceFormatError,
  type TraceFormatReason,
} from "./trace-format-error.js";
/** The trace event model: kinds, directions, transports and the event union (`TraceEventInput`: without `seq`). */
export type {
  Direction,
  HttpEvent,
  LifecycleEvent,
  LifecycleName,
  MessageEvent,
  RawEvent,
  SessionMeta,
  StderrEvent,
  TraceEvent,
  TraceEventInput,
  Transport,
} from "./types.js";
/** Writing trace files: open (the only throwing step), write, close. */
export {
  openTraceWriter,
  sanitizeSessionId,
  type TraceWriter,
  TraceWriterError,
  type TraceWriterErrorCode,
  type TraceWriterOptions,
} from "./writer.js";
