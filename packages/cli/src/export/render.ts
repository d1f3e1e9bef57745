/**
 * One export, rendered: json, text, html and har stream the trace once through the collector (html is the viewer
 * page with the document inlined), jsonl writes the events back as a trace; otlp has its own mapping
 * (export/otlp.ts). With redaction, each event is redacted as it is read.
 */
import { collectSession, filterDocument, renderHtml, renderJson, renderText } from "@mcp-conf/export";
import type { Redactor } from "@mcp-conf/recorder";
import { readTrace, readTraceFile, serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import type { Io } from "../exit.js";
import { VERSION } from "../version.js";
import { renderOtlp } from "./otlp.js";
import type { ExportRequest } from "./request.js";

export async function renderExport(request: ExportRequest, io: Io): Promise<string> {
  if (request.type === "otlp") return renderOtlp(request, io);
  const read =
    request.trace === "-" ? readTrace(io.stdin, request.limits) : readTraceFile(request.trace, request.limits);
  const events = request.redact ? redacted(read, request.redact) : read;
  if (request.type === "jsonl") {
    const lines: string[] = [];
    for await (const event of events) lines.push(`${serializeEvent(event)}\n`);
    return lines.join("");
  }
  const options = request.revision === undefined ? {} : { revision: request.revision };
  const collected = await collectSession(events, { ...options, actor: request.actor, har: request.type === "har" });
  switch (request.type) {
    case "json":
      return renderJson(filterDocument(collected.document, request.filter));
    case "text":
      return renderText(filterDocument(collected.document, request.filter));
    case "html":
      return renderHtml(collected.document, request.filter === undefined ? {} : { filter: request.filter });
    case "har":
      return `${JSON.stringify(collected.har!.har(collected.document.analysis, VERSION), null, 2)}\n`;
  }
}

async function* redacted(events: AsyncIterable<TraceEvent>, redactor: Redactor): AsyncIterable<TraceEvent> {
  for await (const event of events) yield redactor.redact(event);
}
