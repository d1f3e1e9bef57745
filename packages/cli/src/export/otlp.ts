/**
 * `export -T otlp`: the trace's spans as one OTLP JSON `ExportTraceServiceRequest`, mapped exactly as `watch
 * --otlp` maps a live session, with ids seeded by the trace's bytes (so the same trace gives the same file) and the
 * validator's findings as span events.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { exportTraceAsOtlpJson, type SpanFinding, spanFindingsFromReport } from "@mcp-conf/otel-mapper";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, RevisionError } from "@mcp-conf/validator";
import type { ExportRequest } from "../commands/export.js";
import type { Io } from "../exit.js";

export async function renderOtlp(request: ExportRequest, io: Io): Promise<string> {
  const bytes = request.trace === "-" ? await readAll(io.stdin) : readFileSync(request.trace);
  const read = readTraceSync(bytes, request.limits);
  const events = request.redact ? read.map((event) => request.redact!.redact(event)) : read;
  const findings = judgeForFindings(events, request, io);
  return exportTraceAsOtlpJson(events, { seed: createHash("sha256").update(bytes).digest(), findings }).json;
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

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
