/**
 * The JSON report: `{revision, totals, requirements[…]}` with two-space indentation and a trailing newline — the
 * shape mcp-conformance writes, so its consumers read ours; `revision_note` follows the revision only when the
 * choice needed explaining, `capture` follows the totals only when the capture was incomplete, `unreached` when the server never spoke. Keys are emitted in a fixed order and optional members
 * only when they hold something, so the same report always gives the same bytes.
 */
import { terminalSafeJson } from "@mcp-conf/trace-format";
import { assertNever, type Outcome, type Report, type RequirementRow } from "../engine/types.js";

interface JsonFinding {
  check: string;
  seq?: number;
  detail: string;
}

interface JsonRow {
  id: string;
  level: string;
  outcome: Outcome;
  findings?: JsonFinding[];
  exclusion?: string;
  missing_checks?: string[];
  capability?: string;
  binds?: string;
  related?: string[];
}

/** The JSON report as a value (before serialisation), members in their fixed order. */
export function reportToJson(report: Report): {
  revision: string;
  revision_note?: string;
  totals: Report["totals"];
  capture?: Report["capture"];
  unreached?: number;
  requirements: JsonRow[];
} {
  const t = report.totals;
  const capture = report.capture.complete ? {} : { capture: { complete: false, missing: report.capture.missing } };
  return {
    revision: report.revision,
    ...(report.revisionNote === undefined ? {} : { revision_note: report.revisionNote }),
    totals: {
      pass: t.pass,
      fail: t.fail,
      warn: t.warn,
      excluded: t.excluded,
      unsupported: t.unsupported,
      not_applicable: t.not_applicable,
      not_observed: t.not_observed,
    },
    ...capture,
    ...(report.unreached === undefined ? {} : { unreached: report.unreached }),
    requirements: report.requirements.map(rowToJson),
  };
}

function rowToJson(row: RequirementRow): JsonRow {
  const out: JsonRow = { id: row.id, level: row.level, outcome: checkedOutcome(row.outcome) };
  if (row.findings !== undefined && row.findings.length > 0) {
    out.findings = row.findings.map((f) =>
      f.seq === undefined ? { check: f.check, detail: f.detail } : { check: f.check, seq: f.seq, detail: f.detail },
    );
  }
  if (row.exclusion !== undefined) out.exclusion = row.exclusion;
  if (row.missing_checks !== undefined && row.missing_checks.length > 0) out.missing_checks = [...row.missing_checks];
  if (row.capability !== undefined) out.capability = row.capability;
  if (row.binds !== undefined) out.binds = row.binds;
  if (row.related !== undefined && row.related.length > 0) out.related = [...row.related];
  return out;
}

/** Outcome strings are written as they are; the switch makes a new outcome a compile error here too. */
function checkedOutcome(outcome: Outcome): Outcome {
  switch (outcome) {
    case "pass":
    case "fail":
    case "warn":
    case "excluded":
    case "unsupported":
    case "not-applicable":
    case "not-observed":
      return outcome;
    default:
      return assertNever(outcome);
  }
}

/** Renders a report as indented JSON ending in a newline. */
export function renderJson(report: Report): string {
  return `${terminalSafeJson(JSON.stringify(reportToJson(report), null, 2))}\n`;
}
