/**
 * The SARIF 2.1.0 report: one run per judged trace, a rule per requirement (its verbatim quote as the short
 * description, its spec URL as helpUri, its RFC 2119 level as a property), and a result per finding of a failing
 * (error) or warning (warning) row, located at the trace file's line of the event it names. SARIF is JSON, so
 * `JSON.stringify` does all the escaping.
 */
import { terminalSafeJson } from "@mcp-conf/trace-format";
import { assertNever, type Finding, type Report, type RequirementRow } from "../engine/types.js";
import type { RenderContext } from "./context.js";
import type { JudgedTrace } from "./junit.js";
import { isAbsoluteLevel } from "./outcome-labels.js";
import { ownerLabel } from "./owner.js";
import { findingPlainLine } from "./plain-finding.js";
import { type RequirementLookup, requirementLookup } from "./requirement-lookup.js";

/** Where SARIF 2.1.0 logs point their `$schema`. */
export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

type SarifLevel = "error" | "warning" | "note" | "none";

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: SarifLevel };
  /** The clause's level and binding, and this trace's outcome for it (SARIF has no per-rule verdict of its own). */
  properties: {
    level: string;
    outcome: string;
    actor?: string;
    capability?: string;
    exclusion?: string;
    /** Set when `--actor` left this clause unjudged: the side it binds. */
    binds?: string;
  };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations?: {
    physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
  }[];
  /** The check that found it, the event it rests on, and the side that owes the clause. */
  properties: { check: string; seq?: number; owner: string };
}

/** Renders one or more reports as one SARIF 2.1.0 log (JSON, two-space indent, trailing newline). */
export function renderSarif(traces: readonly JudgedTrace[]): string {
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: traces.map(({ report, context = {} }) => sarifRun(report, context)),
  };
  return `${terminalSafeJson(JSON.stringify(log, null, 2))}\n`;
}

function sarifRun(report: Report, context: RenderContext) {
  const lookup = requirementLookup(report.revision, context);
  const rules: SarifRule[] = report.requirements.map((row) => sarifRule(row, lookup));
  const results: SarifResult[] = [];
  report.requirements.forEach((row, ruleIndex) => {
    const level = resultLevel(row);
    if (level === undefined) return;
    for (const finding of row.findings ?? []) results.push(sarifResult(row, ruleIndex, level, finding, context));
  });
  return {
    tool: {
      driver: {
        name: "mcp-conf",
        informationUri: specificationUri(report.revision),
        rules,
      },
    },
    properties: {
      revision: report.revision,
      ...(report.revisionNote === undefined ? {} : { revisionNote: report.revisionNote }),
      verdict: report.verdict,
      ...(report.capture.complete ? {} : { capture: { complete: false, missing: report.capture.missing } }),
      ...(report.unreached === undefined ? {} : { unreached: report.unreached }),
    },
    results,
  };
}

function sarifRule(row: RequirementRow, lookup: RequirementLookup): SarifRule {
  const requirement = lookup.get(row.id);
  const rule: SarifRule = {
    id: row.id,
    shortDescription: { text: requirement?.source.quote ?? `${row.id} (${row.level})` },
    defaultConfiguration: { level: isAbsoluteLevel(row.level) ? "error" : "warning" },
    properties: { level: row.level, outcome: row.outcome },
  };
  if (requirement !== undefined) {
    rule.helpUri = requirement.source.url;
    rule.properties.actor = requirement.actor;
    if (requirement.capability !== undefined) rule.properties.capability = requirement.capability;
  }
  if (row.exclusion !== undefined) rule.properties.exclusion = row.exclusion;
  if (row.binds !== undefined) rule.properties.binds = row.binds;
  return rule;
}

/** The SARIF level of a row's results, or undefined for rows that produce none. */
function resultLevel(row: RequirementRow): SarifLevel | undefined {
  switch (row.outcome) {
    case "fail":
      return "error";
    case "warn":
      return "warning";
    case "pass":
    case "excluded":
    case "unsupported":
    case "not-applicable":
    case "not-observed":
      return undefined;
    default:
      return assertNever(row.outcome);
  }
}

function sarifResult(
  row: RequirementRow,
  ruleIndex: number,
  level: SarifLevel,
  finding: Finding,
  context: RenderContext,
): SarifResult {
  const result: SarifResult = {
    ruleId: row.id,
    ruleIndex,
    level,
    message: { text: `${row.id} (${row.level}) [${ownerLabel(finding)}] ${findingPlainLine(finding)}` },
    properties:
      finding.seq === undefined
        ? { check: finding.check, owner: ownerLabel(finding) }
        : { check: finding.check, seq: finding.seq, owner: ownerLabel(finding) },
  };
  if (context.trace !== undefined && context.trace !== "-") {
    const line = finding.seq === undefined ? undefined : context.lineOfSeq?.get(finding.seq);
    const artifactLocation = { uri: pathToUriReference(context.trace) };
    result.locations = [
      {
        physicalLocation: line === undefined ? { artifactLocation } : { artifactLocation, region: { startLine: line } },
      },
    ];
  }
  return result;
}

/** The specification's page for a revision; a revision that is not a plain dated name gets the index instead. */
function specificationUri(revision: string): string {
  const base = "https://modelcontextprotocol.io/specification";
  return /^[A-Za-z0-9._-]+$/.test(revision) ? `${base}/${revision}` : base;
}

/**
 * A file path as a URI reference: relative paths stay relative (percent-encoded per segment), absolute ones become
 * `file://` URIs. Backslashes count as separators so Windows paths come out usable too; a lone surrogate (which no
 * URI can encode) becomes U+FFFD.
 */
export function pathToUriReference(path: string): string {
  const slashed = path
    .replace(/\\/g, "/")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  const encoded = slashed
    .split("/")
    .map((segment, i) => (i === 0 && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join("/");
  if (slashed.startsWith("/")) return `file://${encoded}`;
  if (/^[A-Za-z]:\//.test(slashed)) return `file:///${encoded}`;
  return encoded;
}
