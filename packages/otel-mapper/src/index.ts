/**
 * @mcp-conf/otel-mapper turns completed exchanges and conformance findings into OpenTelemetry spans per the MCP
 * semantic conventions, and exports them over OTLP/HTTP JSON off the session's path through a bounded queue, or
 * writes them as an OTLP JSON file for a recorded trace. No payload is ever exported as a span; `--otlp-logs` exports
 * each recorded event (redacted as the trace file is) as an OTLP LogRecord, and the receiving side reads them back.
 */

/** Findings as span events, and helpers from the validator's findings and reports. */
export {
  FINDING_EVENT_NAME,
  findingEvent,
  type SpanFinding,
  spanFindingsFromLive,
  spanFindingsFromReport,
} from "./findings.js";
/** Trace and span ids: random (live) or derived from the trace (reproducible export). */
export { derivedIds, type IdSource, randomIds } from "./ids.js";
/** A recorded trace as one OTLP JSON document. */
/** A trace's bytes read, judged and mapped to one OTLP JSON document, as `mcp-conf export -T otlp` writes it. */
export {
  exportJudgedTraceAsOtlpJson,
  type JudgedTraceExport,
  type JudgedTraceExportOptions,
  MISSING_FRAMES_ATTRIBUTE,
} from "./judged-trace-export.js";
/** `watch --otlp`: a live-judged session's spans and findings, as a live judge's output. */
export { type OtlpSessionOutput, otlpSessionOutput } from "./live-span-output.js";
/** Trace events as OTLP LogRecords: the attribute names and the exchange each event belongs to. */
export { ExchangeOpeners, eventAttributes, LOG_ATTRIBUTES, LOG_SCOPE } from "./logs/log-record.js";
/** The receiving side of `--otlp-logs`: an ExportLogsServiceRequest (protobuf or JSON) back to trace events. */
export {
  type DecodedLogs,
  decodeLogsJson,
  decodeLogsProtobuf,
  LogsDecodeError,
  type ReceivedEvent,
} from "./logs/logs-decode.js";
/** `--otlp-logs`: every recorded event as an OTLP LogRecord, through OpenTelemetry's logs SDK. */
export {
  createOtlpLogsExporter,
  type LogsSessionInfo,
  type OtlpLogsExporter,
  type OtlpLogsOptions,
  type OtlpLogsSink,
} from "./logs/otlp-logs-sink.js";
/** The span mapper: trace events in, one held span per completed exchange out. */
export { createSpanMapper, type MapperStats, type SpanMapper, type SpanMapperOptions } from "./mapper.js";
/** `--otlp URL`, `--otlp-logs URL` and its protocol, `--otlp-header K=V`, and the clear-text warning. */
export {
  OTLP_LOGS_PROTOCOLS,
  OtlpConfigError,
  type OtlpLogsProtocol,
  parseLogsProtocol,
  parseOtlpHeaders,
  plaintextCollectorWarning,
  resolveLogsUrl,
  resolveTracesUrl,
} from "./otlp-endpoint.js";
/** OTLP JSON encoding (ExportTraceServiceRequest). */
export { encodeOtlpJson, type ResourceInfo } from "./otlp-json.js";
/** The live exporter `watch --otlp` feeds. */
export { createOtlpSink, type ExportSummary, type OtlpSink, type OtlpSinkOptions } from "./otlp-sink.js";
/** The span data model. */
export type { Attributes, AttributeValue, MappedSpan, SpanEvent, SpanStatus } from "./span.js";
/** One line for the end-of-session summary. */
export { describeSummary } from "./summary.js";
export { exportTraceAsOtlpJson, type TraceExport, type TraceExportOptions } from "./trace-export.js";
