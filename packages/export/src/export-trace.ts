/**
 * A trace exported in one call, as `mcp-conf export -T FORMAT` writes it: json, text, html and har stream the events
 * once through the collector (html is the viewer page with the document inlined), jsonl writes the events back as a
 * trace. With `redact`, each event is redacted as it is read, before any format sees it. (OTLP is
 * `@mcp-conf/otel-mapper`'s `exportJudgedTraceAsOtlpJson`.)
 */
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import type { Actor } from "@mcp-conf/validator";
import { collectSession } from "./collect.js";
import { filterDocument, renderJson } from "./document.js";
import { renderHtml } from "./html.js";
import { renderText } from "./text.js";

/** The formats `exportTrace` writes. */
export const EXPORT_FORMATS = ["json", "text", "html", "har", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportTraceOptions {
  format: ExportFormat;
  /** Judge at this revision, whatever the trace declares. */
  revision?: string;
  /** Judge only the obligations of this side (default both). */
  actor?: Actor;
  /** json, text, html: the viewer's filter expression (json and text keep only its entries; html opens with it). */
  filter?: string;
  /** Applied to every event as it is read. */
  redact?: (event: TraceEvent) => TraceEvent;
  /** har: the version of the creator named in the log (default `0.0.0`). */
  creatorVersion?: string;
}

/** The trace's events exported in the format asked for, as one text. */
export async function exportTrace(source: AsyncIterable<TraceEvent>, options: ExportTraceOptions): Promise<string> {
  const { format, filter, redact } = options;
  const events = redact ? redacted(source, redact) : source;
  if (format === "jsonl") {
    const lines: string[] = [];
    for await (const event of events) lines.push(`${serializeEvent(event)}\n`);
    return lines.join("");
  }
  const collected = await collectSession(events, {
    ...(options.revision === undefined ? {} : { revision: options.revision }),
    ...(options.actor === undefined ? {} : { actor: options.actor }),
    har: format === "har",
  });
  switch (format) {
    case "json":
      return renderJson(filterDocument(collected.document, filter));
    case "text":
      return renderText(filterDocument(collected.document, filter));
    case "html":
      return renderHtml(collected.document, filter === undefined ? {} : { filter });
    case "har": {
      const har = collected.har!.har(collected.document.analysis, options.creatorVersion ?? "0.0.0");
      return `${JSON.stringify(har, null, 2)}\n`;
    }
  }
}

async function* redacted(events: AsyncIterable<TraceEvent>, redact: (event: TraceEvent) => TraceEvent) {
  for await (const event of events) yield redact(event);
}
