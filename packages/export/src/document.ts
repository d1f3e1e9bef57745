/**
 * The JSON export: the analysis model plus the validator's judgement (every fail and warn finding with its
 * requirement's level, verbatim spec sentence and URL). The same document feeds the text transcript and the HTML
 * viewer; its JSON Schema is `schema/export.schema.json`.
 */
import type { SessionAnalysis } from "@mcp-conf/analysis";
import type { QuotedFinding, Totals, Verdict } from "@mcp-conf/validator";

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
