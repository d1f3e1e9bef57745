/**
 * A recorded trace, read from its bytes, as one judged OTLP JSON document (`mcp-conf export -T otlp`): mapped exactly
 * as `watch --otlp` maps a live session, with ids seeded by the hash of the bytes read (the same trace gives the
 * same file), the validator's findings as span events, and how many frames the capture missed as a resource
 * attribute. The bytes stream through the reader with its limits (`/dev/zero` stops at the line limit, not at the
 * memory's end).
 */
import { createHash, type Hash } from "node:crypto";
import { type ReadTraceOptions, readTrace, type TraceEvent } from "@mcp-conf/trace-format";
import { type Actor, createJudge, RevisionError } from "@mcp-conf/validator";
import { type SpanFinding, spanFindingsFromReport } from "./findings.js";
import { exportTraceAsOtlpJson } from "./trace-export.js";

export interface JudgedTraceExportOptions {
  /** The revision to judge at; read off the handshake when absent. */
  revision?: string;
  /** Whose obligations the findings judge (default both). */
  actor?: Actor;
  /** The reader's limits. */
  limits?: ReadTraceOptions;
  /** Applied to every event as it is read (a redaction), before it is mapped or judged. */
  redact?: (event: TraceEvent) => TraceEvent;
}

export interface JudgedTraceExport {
  /** The `ExportTraceServiceRequest` JSON text, newline-terminated. */
  json: string;
  /** Why the spans carry no findings, when the trace could not be judged (no revision to judge it at). */
  unjudged?: string;
}

/** The resource attribute that says how many frames the capture missed, so an incomplete trace says so anywhere. */
export const MISSING_FRAMES_ATTRIBUTE = "mcp_conformance.session.missing_frames";

/** Reads a trace's bytes, judges it and maps it to OTLP JSON. */
export async function exportJudgedTraceAsOtlpJson(
  bytes: AsyncIterable<Uint8Array | string>,
  options: JudgedTraceExportOptions = {},
): Promise<JudgedTraceExport> {
  const seed = createHash("sha256");
  const events: TraceEvent[] = [];
  for await (const event of readTrace(hashed(bytes, seed), options.limits)) {
    events.push(options.redact ? options.redact(event) : event);
  }
  const { findings, unjudged } = judged(events, options);
  const resource = { attributes: { [MISSING_FRAMES_ATTRIBUTE]: missingFrames(events) } };
  const { json } = exportTraceAsOtlpJson(events, { seed: seed.digest(), findings, resource });
  return unjudged === undefined ? { json } : { json, unjudged };
}

/** The observations the recorder numbered but the trace lacks: the gaps in its seq. */
function missingFrames(events: readonly TraceEvent[]): number {
  let missing = 0;
  for (let i = 1; i < events.length; i++) missing += Math.max(0, events[i]!.seq - events[i - 1]!.seq - 1);
  return missing;
}

async function* hashed(chunks: AsyncIterable<Uint8Array | string>, hash: Hash): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    hash.update(bytes);
    yield bytes;
  }
}

/** The findings of the trace's report, as span findings; none (and why) when the trace cannot be judged. */
function judged(
  events: TraceEvent[],
  options: JudgedTraceExportOptions,
): { findings: SpanFinding[]; unjudged?: string } {
  const { revision, actor = "both" } = options;
  const judge = createJudge(revision === undefined ? { actor } : { revision, actor });
  try {
    for (const event of events) judge.observe(event);
    const report = judge.finish();
    return { findings: spanFindingsFromReport(report, judge.registry?.requirements ?? []) };
  } catch (error) {
    if (!(error instanceof RevisionError)) throw error;
    return { findings: [], unjudged: error.message };
  }
}
