/**
 * @mcp-conf/recorder sits in the real pipe between an MCP client and an MCP server and writes what crosses it as
 * trace events: a byte-transparent stdio relay around a child process, a streamable-HTTP reverse proxy, and an
 * embeddable `Recorder` for custom gateways. Bytes are forwarded unchanged and in order; observation is a copy
 * taken off the forwarding path, and a slow sink costs observations (counted), never traffic.
 */

/**
 * A file sink that builds and writes events on a worker thread, for sessions whose throughput matters; a tap module
 * can run on that thread beside the writer and see every event it writes.
 */
export {
  type ThreadedFileSinkOptions,
  type ThreadTap,
  type ThreadTapModule,
  threadedFileSink,
} from "./file-sink-thread.js";
/** Which headers may reach a trace (the allow-list of trace-format.md). */
export type { HeaderInput } from "./headers.js";
/** The streamable-HTTP reverse proxy, with one recorder per MCP session. */
export {
  type HttpProxy,
  type HttpProxyOptions,
  type HttpProxyStats,
  startHttpProxy,
} from "./http-proxy.js";
/**
 * What a per-session sink factory is told about the session it serves; how a session ended (DELETE, its stream
 * closed, idle, the proxy stopping) and the default idle timeout.
 */
export {
  DEFAULT_SESSION_IDLE_MS,
  type SessionEnding,
  type SessionEndReason,
  type SessionOpening,
} from "./http-sessions.js";
/** The byte-stream line splitter the relay observes with. */
export type { ObservedLine } from "./line-splitter.js";
/** The secret detector: credential-shaped values in a text or a trace event (kind and place, never the value). */
export { detectSecrets, type SecretFinding } from "./privacy/detect.js";
/** Redaction of the observed copy: rules compiled once, applied to every event before any sink sees it. */
export { compileRedaction, RedactionRuleError, type RedactionRules, type Redactor } from "./privacy/redact.js";
/** `check --fail-on secret`'s scanner: the `--redact-secrets` redaction itself, each placeholder it puts in a finding. */
export { scanEventForSecrets, secretScanner } from "./privacy/scan.js";
/** The preset of credential shapes behind `--redact-secrets` and `check --fail-on secret`. */
export { SECRET_KINDS, type SecretKind } from "./privacy/secret-kinds.js";
/** Credentials outside the payload: a command line and a URL as they may be recorded and printed. */
export { safeUrl } from "./privacy/session-facts.js";
/** The embeddable recorder: seq assignment, lazy event building, one bounded queue per sink. */
export {
  createRecorder,
  generateSessionId,
  type HttpObservation,
  Recorder,
  type RecorderOptions,
  type RecorderStats,
  type StreamInput,
} from "./recorder.js";
/**
 * A recording as `mcp-conf record` runs it, for a gateway or a tool that embeds the recorder: a stdio session recorded
 * to a trace file, or an HTTP recording proxy with a trace file per session; each session's other sinks (a live
 * judge, an OTLP exporter) fed the same events, and told when it starts and ends.
 */
export {
  type HttpRecording,
  type HttpRecordingOptions,
  type HttpRecordingStats,
  startHttpRecording,
} from "./recording/http-recording.js";
export {
  type RecordingSessionHooks,
  recordStdioSession,
  type StdioRecordingOptions,
  type StdioRecordingResult,
} from "./recording/stdio-recording.js";
/** Where a recording writes: the trace directory checked before anything starts, and a session's file opened. */
export {
  checkTraceDirectory,
  openTraceFile,
  TraceDirectoryError,
  type TraceFileOptions,
} from "./recording/trace-files.js";
/** What a recording lost, and the lines that sum a session's recording up when it ends. */
export { fileLosses, otlpLogsLines, recordingSummaryLines, traceLosses } from "./recording-summary.js";
/** The server's own name read off its command line (the script or package a launcher runs), and a session's label. */
export { serverName, sessionLabel } from "./server-name.js";
/** Which file each session of a proxy writes, from one path template. */
export { perSessionTemplate, SESSION_PLACEHOLDER, sessionFiles } from "./session-files.js";
/** The sink contract and its bounded queue. */
export type { QueueLimits, SessionInfo, Sink, SinkStats } from "./sink.js";
/** Ready-made sinks. */
export { callbackSink, type FileSinkOptions, fileSink } from "./sinks.js";
/** The stdio relay around a child process. */
export { runStdioRelay, type StdioRelayOptions, type StdioRelayResult } from "./stdio-relay.js";
/**
 * One thread that writes (and redacts) the traces of many sessions, a proxy's, and hands their redacted events to
 * their other sinks: a redacting gateway costs one thread, and nothing redacts on the forwarding thread.
 */
export {
  type TraceFileSink,
  type TraceFileSinkOptions,
  TraceFileThread,
  type TraceFileThreadOptions,
} from "./trace-file-thread.js";
