/**
 * What `export` hands to the writer of each format: the formats it knows and the checked invocation. Its own module
 * so that the writers need not import the command that calls them.
 */
import type { Redactor } from "@mcp-conf/recorder";
import type { ReadTraceOptions } from "@mcp-conf/trace-format";
import type { Actor } from "@mcp-conf/validator";

/** The export formats `export` writes. */
export const EXPORT_TYPES = ["json", "text", "html", "har", "otlp", "jsonl"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The parsed, checked invocation every format's writer reads. */
export interface ExportRequest {
  type: ExportType;
  /** The trace path, or `-` for standard input. */
  trace: string;
  /** How the trace is named in messages. */
  label: string;
  revision?: string;
  /** Whose obligations the findings judge. */
  actor: Actor;
  limits: ReadTraceOptions;
  /** json, text, html: the viewer's filter expression (already checked). */
  filter?: string;
  /** Applied to every event as it is read, before any format sees it. */
  redact?: Redactor;
}
