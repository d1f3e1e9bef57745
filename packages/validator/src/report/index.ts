/**
 * Reports: one judged trace (or several) rendered as text, JSON, JUnit XML or SARIF 2.1.0. Every renderer is
 * deterministic, keeps the registry's row order, and escapes session text for its own medium.
 */
import { assertNever, type Report } from "../engine/types.js";
import type { RenderContext, ReportFormat } from "./context.js";
import { renderJson } from "./json.js";
import { type JudgedTrace, renderJunit } from "./junit.js";
import { renderSarif } from "./sarif.js";
import { renderText } from "./text.js";

export {
  isReportFormat,
  REPORT_FORMATS,
  type RenderContext,
  type ReportFormat,
  TEXT_ROWS,
  type TextRows,
} from "./context.js";
export { reportToJson } from "./json.js";
export { type JudgedTrace, junitDocument } from "./junit.js";
/** A trace path as a SARIF artifact URI reference. */
export { pathToUriReference, SARIF_SCHEMA } from "./sarif.js";
export { findingLine, totalsLine } from "./text.js";
export { escapeXml, escapeXmlAttribute } from "./xml-text.js";

/** Renders one report in `format`; the result ends in a newline. */
export function renderReport(report: Report, format: ReportFormat, context: RenderContext = {}): string {
  return renderReports([{ report, context }], format);
}

/**
 * Renders several judged traces as one output: text and JSON reports follow one another (text separated by a blank
 * line), JUnit gets a `<testsuite>` per trace in one document, SARIF a run per trace in one log.
 */
export function renderReports(traces: readonly JudgedTrace[], format: ReportFormat): string {
  switch (format) {
    case "text":
      return traces.map(({ report, context }) => renderText(report, context)).join("\n");
    case "json":
      return traces.map(({ report }) => renderJson(report)).join("");
    case "junit":
      return renderJunit(traces);
    case "sarif":
      return renderSarif(traces);
    default:
      return assertNever(format);
  }
}
