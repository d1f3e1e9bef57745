/**
 * What a renderer may know beyond the report itself: the trace it judged (named in text, located in SARIF), where
 * each event sits in that file, and the registry that supplies quotes and URLs. Everything optional, so a report of
 * an in-memory event array renders as well as one of a file.
 */
import type { Registry } from "../engine/types.js";

export interface RenderContext {
  /** The trace as the user named it: a path (relative paths stay relative), or `-` for standard input. */
  trace?: string;
  /** The 1-based line of the trace file holding each event `seq`, so SARIF results point at their line. */
  lineOfSeq?: ReadonlyMap<number, number>;
  /** The registry the report was judged against (quotes, URLs, actors); defaults to the revision's own. */
  registry?: Registry;
  /**
   * Text only: `all` (default) lists every requirement; `problems` only the failing, warning and unsupported rows,
   * with the side that owes each finding, and a line counting the rows not shown.
   */
  rows?: TextRows;
  /** Text only: colour the FAIL and WARN markers with ANSI escapes (the caller decides: a terminal, NO_COLOR…). */
  color?: boolean;
}

/** Which rows the text report lists. */
export const TEXT_ROWS = ["all", "problems"] as const;
export type TextRows = (typeof TEXT_ROWS)[number];

/** The formats `renderReport` writes. */
export const REPORT_FORMATS = ["text", "json", "junit", "sarif"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Whether `value` names a report format. */
export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === "string" && (REPORT_FORMATS as readonly string[]).includes(value);
}
