/**
 * The text report: a header, one row per requirement in registry order with its marker padded so ids align, the
 * findings indented beneath, then totals and the verdict. Every piece of session text goes through
 * `escapeTerminal`, so a control sequence in a tool name cannot reach the reader's terminal raw.
 *
 * Layout (fixed; goldens pin it): header line, optional `trace:` line, a `note:` line when the revision choice needs
 * explaining, blank line, rows, blank line, totals, a
 * `capture:` line when the capture was incomplete, verdict.
 * With `rows: "problems"` (the CLI's default) only the rows that need attention are listed, each finding says which
 * side owes it, and a last line counts the rows left out.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import { assertNever, type Finding, type Outcome, type Report, type RequirementRow } from "../engine/types.js";
import type { RenderContext } from "./context.js";
import { MARKER_WIDTH, outcomeMarker } from "./outcome-labels.js";
import { ownerLabel } from "./owner.js";

const DETAIL_INDENT = " ".repeat(8);
const ANSI = { red: "\u001b[31m", yellow: "\u001b[33m", reset: "\u001b[0m" } as const;

/** Renders a report as terminal-safe text ending in a newline. */
export function renderText(report: Report, context: RenderContext = {}): string {
  const problemsOnly = context.rows === "problems";
  const lines: string[] = [`MCP trace validation — revision ${escapeTerminal(report.revision)}`];
  if (context.trace !== undefined) lines.push(`trace: ${escapeTerminal(context.trace)}`);
  if (report.revisionNote !== undefined) lines.push(`note: ${escapeTerminal(report.revisionNote)}`);
  lines.push("");
  const shown = problemsOnly ? report.requirements.filter(needsAttention) : report.requirements;
  for (const row of shown) {
    const marker = outcomeMarker(row.outcome);
    const pad = " ".repeat(MARKER_WIDTH - marker.length);
    lines.push(
      `  ${colored(marker, row.outcome, context.color === true)}${pad} ${escapeTerminal(row.id)} (${row.level})`,
    );
    for (const detail of rowDetails(row, problemsOnly)) lines.push(`${DETAIL_INDENT}${detail}`);
  }
  if (shown.length > 0) lines.push("");
  lines.push(totalsLine(report));
  if (!report.capture.complete) lines.push(captureLine(report));
  if (report.unreached !== undefined) lines.push(unreachedLine(report.unreached));
  lines.push(`verdict: ${report.verdict}`);
  const hidden = report.requirements.length - shown.length;
  if (hidden > 0) lines.push(`${hidden} other requirement(s) not shown; --all lists every requirement`);
  return `${lines.join("\n")}\n`;
}

/** The rows the short report keeps: those that decide a verdict other than pass. */
function needsAttention(row: RequirementRow): boolean {
  return row.outcome === "fail" || row.outcome === "warn" || row.outcome === "unsupported";
}

function colored(marker: string, outcome: Outcome, color: boolean): string {
  if (!color) return marker;
  if (outcome === "fail") return `${ANSI.red}${marker}${ANSI.reset}`;
  if (outcome === "warn") return `${ANSI.yellow}${marker}${ANSI.reset}`;
  return marker;
}

/** `totals: N pass, N fail, …` — the summary line, shared with other text outputs. */
export function totalsLine(report: Report): string {
  const t = report.totals;
  return (
    `totals: ${t.pass} pass, ${t.fail} fail, ${t.warn} warn, ${t.excluded} excluded, ` +
    `${t.unsupported} unsupported, ${t.not_applicable} not applicable, ${t.not_observed} not observed`
  );
}

/** `capture: incomplete — …`, for a report that judged a capture missing observations. */
export function captureLine(report: Report): string {
  return (
    `capture: incomplete — ${report.capture.missing} observation(s) missing (lost while recording, or gaps in seq); ` +
    "findings in what is missing were not seen"
  );
}

/** `server: never reached — …`, for a session whose every answer the recording proxy made itself. */
export function unreachedLine(answered: number): string {
  return (
    `server: never reached — the recording proxy made all ${answered} response(s) itself (the upstream could not ` +
    "be reached); nothing of the server was judged"
  );
}

/** The indented lines under a row: its findings, the checks it lacks, or why it did not apply. */
function rowDetails(row: RequirementRow, withOwner: boolean): string[] {
  switch (row.outcome) {
    case "pass":
    case "not-observed":
      return [];
    case "fail":
    case "warn": {
      const lines = (row.findings ?? []).map((f) =>
        withOwner ? `[${ownerLabel(f)}] ${findingLine(f)}` : findingLine(f),
      );
      const related = row.related ?? [];
      return related.length === 0 ? lines : [...lines, `also stated by ${related.map(escapeTerminal).join(", ")}`];
    }
    case "excluded":
      // Hundreds of rows are excluded; their reasons are in `mcp-conf requirements`, not repeated in every report.
      return [];
    case "unsupported":
      return [`missing checks: ${(row.missing_checks ?? []).map(escapeTerminal).join(", ")}`];
    case "not-applicable":
      if (row.binds !== undefined) return [`binds the ${row.binds}, whose obligations were not judged (--actor)`];
      return row.capability === undefined ? [] : [`capability ${escapeTerminal(row.capability)} was not negotiated`];
    default:
      return assertNever(row.outcome);
  }
}

/** `seq N: detail`, or the bare detail for a finding about the trace as a whole. */
export function findingLine(finding: Finding): string {
  const detail = escapeTerminal(finding.detail);
  return finding.seq === undefined ? detail : `seq ${finding.seq}: ${detail}`;
}
