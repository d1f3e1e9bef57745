/**
 * The JUnit XML report: one `<testsuite>` per judged trace inside `<testsuites>`, one `<testcase>` per requirement
 * (name = id, classname = area). A fail is a `<failure>`, a warn passes with its findings in `<system-out>`, and every
 * outcome that judged nothing (excluded, unsupported, not applicable, not observed) is `<skipped>`. All text is
 * escaped by `escapeXml`; no CDATA is written.
 */
import { assertNever, type Report, type RequirementRow } from "../engine/types.js";
import type { RenderContext } from "./context.js";
import { areaOf, outcomeLabel } from "./outcome-labels.js";
import { ownerLabel } from "./owner.js";
import { findingPlainLine } from "./plain-finding.js";
import { type RequirementLookup, requirementLookup } from "./requirement-lookup.js";
import { escapeXml, escapeXmlAttribute } from "./xml-text.js";

export interface JudgedTrace {
  report: Report;
  context?: RenderContext;
}

/** Renders one or more reports as one JUnit XML document ending in a newline. */
export function renderJunit(traces: readonly JudgedTrace[]): string {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  const suites: string[] = [];
  for (const { report, context = {} } of traces) {
    const counts = suiteCounts(report);
    tests += counts.tests;
    failures += counts.failures;
    skipped += counts.skipped;
    suites.push(renderSuite(report, context, counts));
  }
  return junitDocument("mcp-conf validate", { tests, failures, skipped }, suites);
}

/** A JUnit XML document ending in a newline: the `<testsuites>` element with its totals around rendered suites. */
export function junitDocument(
  name: string,
  totals: { tests: number; failures: number; skipped: number },
  suites: readonly string[],
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXmlAttribute(name)}" tests="${totals.tests}" failures="${totals.failures}" errors="0" skipped="${totals.skipped}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}

interface SuiteCounts {
  tests: number;
  failures: number;
  skipped: number;
}

function suiteCounts(report: Report): SuiteCounts {
  const t = report.totals;
  return {
    tests: report.requirements.length,
    failures: t.fail,
    skipped: t.excluded + t.unsupported + t.not_applicable + t.not_observed,
  };
}

function renderSuite(report: Report, context: RenderContext, counts: SuiteCounts): string {
  const lookup = requirementLookup(report.revision, context);
  const name = context.trace === undefined ? "mcp-conf" : `mcp-conf: ${context.trace}`;
  const lines = [
    `  <testsuite name="${escapeXmlAttribute(name)}" tests="${counts.tests}" failures="${counts.failures}" ` +
      `errors="0" skipped="${counts.skipped}">`,
    "    <properties>",
    `      <property name="revision" value="${escapeXmlAttribute(report.revision)}"/>`,
    ...(report.revisionNote === undefined
      ? []
      : [`      <property name="revision-note" value="${escapeXmlAttribute(report.revisionNote)}"/>`]),
    `      <property name="verdict" value="${report.verdict}"/>`,
  ];
  if (!report.capture.complete) {
    lines.push(`      <property name="capture" value="incomplete: ${report.capture.missing} observation(s) missing"/>`);
  }
  if (report.unreached !== undefined) {
    lines.push(
      `      <property name="unreached" value="${report.unreached} response(s) made by the recording proxy"/>`,
    );
  }
  if (context.trace !== undefined) {
    lines.push(`      <property name="trace" value="${escapeXmlAttribute(context.trace)}"/>`);
  }
  lines.push("    </properties>");
  for (const row of report.requirements) lines.push(...renderCase(row, lookup));
  lines.push("  </testsuite>");
  return lines.join("\n");
}

function renderCase(row: RequirementRow, lookup: RequirementLookup): string[] {
  const open = `    <testcase name="${escapeXmlAttribute(row.id)}" classname="${escapeXmlAttribute(areaOf(row.id))}"`;
  const skip = (message: string) => [
    `${open}>`,
    `      <skipped message="${escapeXmlAttribute(message)}"/>`,
    "    </testcase>",
  ];
  switch (row.outcome) {
    case "pass":
      return [`${open}/>`];
    case "fail": {
      const findings = row.findings ?? [];
      const message = `${row.id} (${row.level}): ${findings.length} finding(s)`;
      return [
        `${open}>`,
        `      <failure message="${escapeXmlAttribute(message)}" type="${row.level}">${escapeXml(body(row, lookup))}</failure>`,
        "    </testcase>",
      ];
    }
    case "warn":
      return [`${open}>`, `      <system-out>${escapeXml(body(row, lookup))}</system-out>`, "    </testcase>"];
    case "excluded":
      return skip(`excluded: ${row.exclusion ?? "no trace can judge this requirement"}`);
    case "unsupported":
      return skip(`unsupported: missing checks ${(row.missing_checks ?? []).join(", ")}`);
    case "not-applicable":
      if (row.binds !== undefined) {
        return skip(`not applicable: binds the ${row.binds}, whose obligations were not judged (--actor)`);
      }
      return skip(
        row.capability === undefined
          ? outcomeLabel(row.outcome)
          : `not applicable: capability ${row.capability} was not negotiated`,
      );
    case "not-observed":
      return skip("not observed: the trace holds nothing this requirement judges");
    default:
      return assertNever(row.outcome);
  }
}

/** The findings, one per line, then the clause and its URL when the registry has them. */
function body(row: RequirementRow, lookup: RequirementLookup): string {
  const lines = (row.findings ?? []).map(
    (f) => `${row.outcome.toUpperCase()} ${row.id} (${row.level}) [${ownerLabel(f)}] ${findingPlainLine(f)}`,
  );
  const requirement = lookup.get(row.id);
  if (requirement !== undefined) {
    lines.push(`spec: "${requirement.source.quote}"`);
    lines.push(`see: ${requirement.source.url}`);
  }
  return `${lines.join("\n")}\n`;
}
