/**
 * One export, rendered: json, text, html and har stream the trace once through the collector (html is the viewer page with the
 * document inlined); otlp has its own
 * mapping (export/otlp.ts).
 */
import { collectSession, renderHtml, renderJson, renderText } from "@mcp-conf/export";
import { readTrace, readTraceFile } from "@mcp-conf/trace-format";
import type { ExportRequest } from "../commands/export.js";
import type { Io } from "../exit.js";
import { VERSION } from "../version.js";
import { renderOtlp } from "./otlp.js";

export async function renderExport(request: ExportRequest, io: Io): Promise<string> {
  if (request.type === "otlp") return renderOtlp(request, io);
  const events =
    request.trace === "-" ? readTrace(io.stdin, request.limits) : readTraceFile(request.trace, request.limits);
  const options = request.revision === undefined ? {} : { revision: request.revision };
  const collected = await collectSession(events, { ...options, har: request.type === "har" });
  switch (request.type) {
    case "json":
      return renderJson(collected.document);
    case "text":
      return renderText(collected.document);
    case "html":
      return renderHtml(collected.document);
    case "har":
      return `${JSON.stringify(collected.har!.har(collected.document.analysis, VERSION), null, 2)}\n`;
  }
}
