/**
 * A recorded trace as one OTLP JSON document (`mcp-conf export -T otlp`): the same mapping as the live exporter,
 * with ids derived from the trace's bytes so the same trace always gives the same file, and the validator's
 * findings attached as span events. Every span is held until the end, so each finding joins the span of the
 * exchange holding its seq; one that points at no exchange (or at nothing) joins the span of the latest exchange
 * completed by then — the one a live pass would have surfaced it with.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { SpanFinding } from "./findings.js";
import { derivedIds } from "./ids.js";
import { createSpanMapper, type SpanMapperOptions } from "./mapper.js";
import { type ResourceInfo, toOtlpRequest } from "./otlp-json.js";

export interface TraceExportOptions {
  /** What the ids are derived from: the trace file's bytes (or a digest of them). */
  seed: string | Uint8Array;
  /** Findings to attach, e.g. `spanFindingsFromReport(report, registry.requirements)`. */
  findings?: readonly SpanFinding[];
  resource?: ResourceInfo;
  httpVersion?: string;
}

export interface TraceExport {
  /** The `ExportTraceServiceRequest` JSON text, newline-terminated. */
  json: string;
  spans: number;
  findingsAttached: number;
  findingsUnplaced: number;
}

/** Maps a whole recorded trace to OTLP JSON. Deterministic: the same events, seed and findings give the same text. */
export function exportTraceAsOtlpJson(events: Iterable<TraceEvent>, options: TraceExportOptions): TraceExport {
  const mapperOptions: SpanMapperOptions = { ids: derivedIds(options.seed) };
  if (options.httpVersion !== undefined) mapperOptions.httpVersion = options.httpVersion;
  const mapper = createSpanMapper(mapperOptions);
  for (const event of events) mapper.observe(event);
  mapper.finish();
  for (const finding of options.findings ?? []) mapper.addFindings([finding], finding.seq);
  const spans = mapper.release();
  const stats = mapper.stats();
  return {
    json: `${JSON.stringify(toOtlpRequest(spans, options.resource))}\n`,
    spans: spans.length,
    findingsAttached: stats.findingsAttached,
    findingsUnplaced: stats.findingsUnplaced,
  };
}
