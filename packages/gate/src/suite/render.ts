/**
 * A test run as text, JSON or JUnit XML. Everything a peer or the suite said is untrusted: terminal-escaped in
 * text, XML-escaped in JUnit.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import { escapeXml, escapeXmlAttribute } from "@mcp-conf/validator";
import type { ScenarioVerdict } from "./verdicts.js";

export const TEST_FORMATS = ["text", "json", "junit"] as const;
export type TestFormat = (typeof TEST_FORMATS)[number];

export interface TestRun {
  mode: "server" | "client";
  /** What was tested: the server's URL or the client's command line. */
  target: string;
  actor: string;
  suite: { package: string; version: string; source: string };
  runDirectory: string;
  scenarios: ScenarioVerdict[];
}

export interface RunTotals {
  scenarios: number;
  suiteFailed: number;
  oursFailed: number;
  disagreements: number;
}

export function totalsOfRun(run: TestRun): RunTotals {
  return {
    scenarios: run.scenarios.length,
    suiteFailed: run.scenarios.filter((s) => s.suite.failed).length,
    oursFailed: run.scenarios.filter((s) => s.ours.failed).length,
    disagreements: run.scenarios.reduce((n, s) => n + s.disagreements.length, 0),
  };
}

/** Exit 1 when either side failed any scenario. */
export function runFailed(run: TestRun): boolean {
  const totals = totalsOfRun(run);
  return totals.suiteFailed > 0 || totals.oursFailed > 0;
}

export function renderRun(run: TestRun, format: TestFormat): string {
  if (format === "json") return `${JSON.stringify({ ...run, totals: totalsOfRun(run) }, null, 2)}\n`;
  if (format === "junit") return renderJunit(run);
  return renderText(run);
}

const safe = (text: string) => escapeTerminal(text);
const verdictWord = (failed: boolean) => (failed ? "FAIL" : "pass");

function renderText(run: TestRun): string {
  const lines: string[] = [
    `mcp-conf test ${run.mode}: ${safe(run.target)} — ${run.suite.package} ${run.suite.version}, our clauses for ${run.actor === "both" ? "both sides" : `the ${run.actor}`}`,
    "",
  ];
  for (const scenario of run.scenarios) {
    const ours = scenario.ours.unrecorded ? "not recorded" : verdictWord(scenario.ours.failed);
    lines.push(`${safe(scenario.scenario)}: suite ${verdictWord(scenario.suite.failed)}, ours ${ours}`);
    if (scenario.suite.problem) lines.push(`  suite  ${safe(scenario.suite.problem)}`);
    for (const check of scenario.suite.checks) {
      const why = check.status === "SUCCESS" || !check.errorMessage ? "" : ` — ${safe(check.errorMessage)}`;
      lines.push(`  suite  ${check.status.padEnd(8)} ${safe(check.id)}${why}`);
    }
    for (const problem of scenario.ours.problems) lines.push(`  ours   ${safe(problem)}`);
    for (const note of scenario.ours.notes) lines.push(`  note   ${safe(note)}`);
    for (const row of scenario.ours.rows.filter((r) => r.outcome !== "pass")) {
      const first = row.findings[0];
      const at = first
        ? ` ${first.trace}${first.seq === undefined ? "" : ` seq ${first.seq}`}: ${safe(first.detail)}`
        : "";
      lines.push(`  ours   ${row.outcome.toUpperCase().padEnd(8)} ${row.id} (${row.actor} ${row.level})${at}`);
    }
    const passed = scenario.ours.rows.filter((r) => r.outcome === "pass").map((r) => r.id);
    if (passed.length > 0) lines.push(`  ours   ${"PASS".padEnd(8)} ${passed.join(" ")}`);
    if (scenario.ours.unrecorded) lines.push(`  ours   ${scenario.ours.unrecorded}`);
    else if (scenario.ours.traces.length === 0) lines.push("  ours   no MCP session reached the recorder");
  }
  const disagreements = run.scenarios.flatMap((s) => s.disagreements.map((d) => ({ scenario: s.scenario, ...d })));
  lines.push("", `disagreements: ${disagreements.length}`);
  for (const d of disagreements) {
    if (d.kind === "suite-only-failure") {
      const why = d.reason ? ` — ${d.reason.split(":")[0]}` : "";
      lines.push(
        `  ${safe(d.scenario)}: the suite failed ${safe(d.id)} (${safe(d.text)}); no clause of ours failed${why}`,
      );
    } else {
      const at = d.trace ? ` at ${d.trace}${d.seq === undefined ? "" : ` seq ${d.seq}`}` : "";
      lines.push(`  ${safe(d.scenario)}: we failed ${d.id}${at}; the suite passed — "${safe(d.text)}"`);
    }
  }
  const totals = totalsOfRun(run);
  lines.push(
    `totals: ${totals.scenarios} scenarios; suite ${totals.scenarios - totals.suiteFailed} pass ${totals.suiteFailed} fail; ours ${totals.scenarios - totals.oursFailed} pass ${totals.oursFailed} fail`,
    `run directory: ${safe(run.runDirectory)}`,
  );
  return `${lines.join("\n")}\n`;
}

/** A scenario's JUnit test cases (the suite's checks and our rows) and how many of them failed. */
function junitCounts(scenario: ScenarioVerdict): { tests: number; failures: number } {
  return {
    tests: scenario.suite.checks.length + scenario.ours.rows.length,
    failures:
      scenario.suite.checks.filter((c) => c.status === "FAILURE").length +
      scenario.ours.rows.filter((r) => r.outcome === "fail").length,
  };
}

function renderJunit(run: TestRun): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const counts = run.scenarios.map(junitCounts);
  const tests = counts.reduce((n, c) => n + c.tests, 0);
  const failures = counts.reduce((n, c) => n + c.failures, 0);
  out.push(`<testsuites name="mcp-conf test ${run.mode}" tests="${tests}" failures="${failures}">`);
  for (const [index, scenario] of run.scenarios.entries()) {
    const name = escapeXmlAttribute(scenario.scenario);
    const { tests, failures } = counts[index]!;
    out.push(`  <testsuite name="${name}" tests="${tests}" failures="${failures}">`);
    for (const check of scenario.suite.checks) {
      const open = `    <testcase classname="${name}.suite" name="${escapeXmlAttribute(check.id)}"`;
      if (check.status === "FAILURE") {
        out.push(
          `${open}>`,
          `      <failure message="${escapeXmlAttribute(check.errorMessage ?? check.description)}"/>`,
          "    </testcase>",
        );
      } else if (check.status === "SKIPPED") out.push(`${open}>`, "      <skipped/>", "    </testcase>");
      else out.push(`${open}/>`);
    }
    for (const row of scenario.ours.rows) {
      const open = `    <testcase classname="${name}.mcp-conf" name="${row.id} (${row.actor} ${escapeXmlAttribute(row.level)})"`;
      if (row.outcome === "pass") {
        out.push(`${open}/>`);
        continue;
      }
      const body = row.findings
        .map((f) => `${f.trace}${f.seq === undefined ? "" : ` seq ${f.seq}`}: ${f.detail}`)
        .join("\n");
      const element = row.outcome === "fail" ? "failure" : "system-out";
      const attribute = row.outcome === "fail" ? ` message="${escapeXmlAttribute(row.quote)}"` : "";
      out.push(
        `${open}>`,
        `      <${element}${attribute}>${escapeXml(body || row.quote)}</${element}>`,
        "    </testcase>",
      );
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return `${out.join("\n")}\n`;
}
