/**
 * `export -T otlp`: the trace's spans as one OTLP JSON `ExportTraceServiceRequest`, mapped exactly as `watch
 * --otlp` maps a live session, with ids seeded by the trace's bytes (so the same trace gives the same file) and the
 * validator's findings as span events.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { exportTraceAsOtlpJson, type SpanFinding, spanFindingsFromReport } from "@mcp-conf/otel-mapper";
import { readTrace, type TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, RevisionError } from "@mcp-conf/validator";
import type { Io } from "../exit.js";
import type { ExportRequest } from "./request.js";

export async function renderOtlp(request: ExportRequest, io: Io): Promise<string> {
  // Streamed through the reader with its limits (`/dev/zero` stops at the line limit, not at the memory's end);
  // the ids' seed is the hash of the bytes read, so the same trace still gives the same file.
  const seed = createHash("sha256");
  const input = request.trace === "-" ? io.stdin : createReadStream(request.trace, { highWaterMark: 1024 * 1024 });
  const events: TraceEvent[] = [];
  for await (const event of readTrace(hashed(input, seed), request.limits)) {
    events.push(request.redact ? request.redact.redact(event) : event);
  }
  const findings = judgeForFindings(events, request, io);
  const resource = { attributes: { [MISSING_FRAMES]: missingFrames(events) } };
  return exportTraceAsOtlpJson(events, { seed: seed.digest(), findings, resource }).json;
}

/** The resource attribute that says how many frames the capture missed, so an incomplete trace says so anywhere. */
const MISSING_FRAMES = "mcp_conformance.session.missing_frames";

/** The observations the recorder numbered but the trace lacks: the gaps in its seq. */
function missingFrames(events: readonly TraceEvent[]): number {
  let missing = 0;
  for (let i = 1; i < events.length; i++) missing += Math.max(0, events[i]!.seq - events[i - 1]!.seq - 1);
  return missing;
}

async function* hashed(stream: NodeJS.ReadableStream, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(bytes);
    yield bytes;
  }
}

/** The findings of the trace's report, as span findings; none (said on stderr) when the trace cannot be judged. */
function judgeForFindings(events: TraceEvent[], request: ExportRequest, io: Io): SpanFinding[] {
  const { revision, actor, label } = request;
  const judge = createJudge(revision === undefined ? { actor } : { revision, actor });
  try {
    for (const event of events) judge.observe(event);
    const report = judge.finish();
    return spanFindingsFromReport(report, judge.registry?.requirements ?? []);
  } catch (error) {
    if (!(error instanceof RevisionError)) throw error;
    io.stderr.write(`mcp-conf export: ${label}: ${error.message}; spans exported without findings\n`);
    return [];
  }
}
