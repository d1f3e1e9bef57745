/**
 * @mcp-conf/trace-format: the one language every mcp-conf package speaks — the trace event, its JSON Schema, its
 * JSONL reading and writing, canonical JSON and terminal-safe text. What the events mean as a session (the exchange
 * model, session facts, the HTTP pairing) is @mcp-conf/session's.
 */

/** RFC 8785 canonical JSON text and JSON equality (key order irrelevant, 1 and "1" differ). */
export { canonicalJson, jsonEqual } from "./canonical-json.js";
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
/** Whether a JSON text nests deeper than a limit, found by a linear scan before any parse. */
export { exceedsJsonDepth } from "./json-depth.js";
/** Reader limits and their defaults. */
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_EVENTS,
  type ReadTraceOptions,
} from "./line-parser.js";
/** Whether a host is this machine (localhost, *.localhost, 127.0.0.0/8, ::1, ::ffff:127.0.0.0/104), in any spelling. */
export { isLoopbackHost } from "./loopback.js";
/** The id and method read from the start of a message the recorder cut at its size limit. */
export { type MessageHead, readMessageHead } from "./message-head.js";
/** Whether a value is a non-null, non-array object. */
export { isPlainObject } from "./plain-object.js";
/** Why a trace could not be read, in one line; a file-system error code in words. */
export { fileProblem, type TraceProblemKind, traceReadProblem } from "./read-problem.js";
/** Reading traces: async from any source, streamed from a file, or synchronously from memory. */
export { readTrace, readTraceFile, readTraceSync, type TraceSource } from "./reader.js";
/** The placeholder redaction leaves in place of a value, and its test. */
export { isRedactionPlaceholder, redactionPlaceholder } from "./redaction-placeholder.js";
/** Escapes control, bidi, zero-width and format characters as `\u{…}` for terminal output. */
export { escapeTerminal, replaceUnsafe, terminalSafeJson } from "./safe-text.js";
/** One event as one JSONL line in the stable key order. */
export { serializeEvent } from "./serialize.js";
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
