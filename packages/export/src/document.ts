/**
 * The JSON export: the analysis model plus the validator's judgement (every fail and warn finding with its
 * requirement's level, verbatim spec sentence and URL). The same document feeds the text transcript and the HTML
 * viewer; its JSON Schema is `schema/export.schema.json`.
 */
import type { SessionAnalysis } from "@mcp-conf/analysis";
import type { QuotedFinding, Totals, Verdict } from "@mcp-conf/validator";
import { filterContext, filterTimeline, parseFilter } from "./filter.js";

/** What the validator made of the session, or why it could not judge it. */
export type Judgement =
  | { revision: string; verdict: Verdict; totals: Totals; findings: QuotedFinding[] }
  | { error: string };

export interface ExportDocument {
  format: "mcp-conf-session";
  version: 1;
  analysis: SessionAnalysis;
  judgement: Judgement;
}

/** What the viewer page shows: an export document, or (live) the analysis and the findings so far. */
export interface PageData {
  analysis: SessionAnalysis;
  /** Absent while a live session is still being judged. */
  judgement?: Judgement;
  /** Live findings so far. */
  findings?: ExportFinding[];
}

/** A finding as exported: one (requirement, finding) pair. */
export type ExportFinding = QuotedFinding;

export function exportDocument(analysis: SessionAnalysis, judgement: Judgement): ExportDocument {
  return { format: "mcp-conf-session", version: 1, analysis, judgement };
}

/** The document as JSON text, two-space indented, ending in a newline. */
export function renderJson(document: ExportDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The document with only the timeline entries `filter` keeps (each keeps its index); the rest is the whole session's.
 * A filter that does not parse throws `FilterSyntaxError`.
 */
export function filterDocument(document: ExportDocument, filter: string | undefined): ExportDocument {
  if (filter === undefined) return document;
  const { analysis, judgement } = document;
  const findings = "error" in judgement ? [] : judgement.findings;
  const timeline = filterTimeline(parseFilter(filter), analysis.timeline, filterContext(analysis, findings));
  return { ...document, analysis: { ...analysis, timeline } };
}
