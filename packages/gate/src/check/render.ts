/**
 * `check`'s output: text (each fired signal with its hits, then one line per trace), JSON, JUnit XML (a testsuite
 * per trace, a testcase per signal checked) and SARIF 2.1.0 (a run per trace, a rule per signal, a result per hit
 * located at the trace line of its seq). Session text is escaped for each medium.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import { escapeXml, escapeXmlAttribute, junitDocument, pathToUriReference, SARIF_SCHEMA } from "@mcp-conf/validator";
import type { InspectResult } from "./inspect.js";
import type { Signal, SignalHit } from "./signals.js";

/** `[owner] seq N tools/call echo: detail` — one hit as plain text. */
export function hitLine(hit: SignalHit): string {
  const where = [hit.seq === undefined ? undefined : `seq ${hit.seq}`, hit.call].filter((x) => x !== undefined);
  return `[${hit.owner}] ${where.length > 0 ? `${where.join(" ")}: ` : ""}${hit.detail}`;
}

export function renderCheckText(results: readonly InspectResult[], signals: readonly Signal[]): string {
  const out: string[] = [];
  for (const result of results) {
    if (result.problem) continue;
    out.push(`mcp-conf check: ${escapeTerminal(result.trace)}`);
    if (result.unjudged !== undefined) out.push(`  not judged clause by clause: ${result.unjudged}`);
    for (const signal of signals) {
      const hits = result.hits.filter((hit) => hit.signal === signal);
      if (hits.length === 0) continue;
      out.push(`  ${signal}: ${hits.length} hit(s)`);
      for (const hit of hits) out.push(`    ${escapeTerminal(hitLine(hit))}`);
    }
    const fired = new Set(result.hits.map((hit) => hit.signal));
    out.push(
      fired.size === 0 && result.unjudged !== undefined
        ? `  not clean: the clause signals could not be judged (checked: ${signals.join(", ")})`
        : fired.size === 0
          ? `  clean: no signal fired (checked: ${signals.join(", ")})`
          : `  fired: ${signals.filter((s) => fired.has(s)).join(", ")} (checked: ${signals.join(", ")})`,
    );
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}

export function renderCheckJson(results: readonly InspectResult[], signals: readonly Signal[]): string {
  const traces = results
    .filter((result) => !result.problem)
    .map((result) => ({
      trace: result.trace,
      clean: result.hits.length === 0 && result.unjudged === undefined,
      verdict: result.verdict,
      ...(result.unjudged === undefined ? {} : { unjudged: result.unjudged }),
      hits: result.hits,
    }));
  return `${JSON.stringify({ signals, traces }, null, 2)}\n`;
}

export function renderCheckJunit(results: readonly InspectResult[], signals: readonly Signal[]): string {
  const judged = results.filter((result) => !result.problem);
  let failures = 0;
  const suites = judged.map((result) => {
    const cases = signals.map((signal) => {
      const hits = result.hits.filter((hit) => hit.signal === signal);
      const open = `    <testcase name="${signal}" classname="mcp-conf.check">`;
      if (hits.length === 0) return `    <testcase name="${signal}" classname="mcp-conf.check"/>`;
      failures++;
      const body = hits.map((hit) => hitLine(hit)).join("\n");
      const message = `${signal}: ${hits.length} hit(s)`;
      return `${open}\n      <failure message="${escapeXmlAttribute(message)}" type="${signal}">${escapeXml(body)}\n</failure>\n    </testcase>`;
    });
    const fired = new Set(result.hits.map((hit) => hit.signal)).size;
    return [
      `  <testsuite name="${escapeXmlAttribute(`mcp-conf check: ${result.trace}`)}" tests="${signals.length}" failures="${fired}" errors="0" skipped="0">`,
      ...cases,
      "  </testsuite>",
    ].join("\n");
  });
  return junitDocument("mcp-conf check", { tests: signals.length * judged.length, failures, skipped: 0 }, suites);
}

export function renderCheckSarif(results: readonly InspectResult[], signals: readonly Signal[]): string {
  const runs = results
    .filter((result) => !result.problem)
    .map((result) => ({
      tool: {
        driver: {
          name: "mcp-conf check",
          informationUri: "https://modelcontextprotocol.io/specification",
          rules: signals.map((signal) => ({
            id: signal,
            shortDescription: { text: `the ${signal} signal of mcp-conf check` },
            defaultConfiguration: { level: "error" },
          })),
        },
      },
      results: result.hits.map((hit) => {
        const line = hit.seq === undefined ? undefined : result.lines?.[hit.seq];
        const artifactLocation = { uri: pathToUriReference(result.trace) };
        return {
          ruleId: hit.signal,
          ruleIndex: signals.indexOf(hit.signal),
          level: "error",
          message: { text: hitLine(hit) },
          locations: [
            {
              physicalLocation:
                line === undefined ? { artifactLocation } : { artifactLocation, region: { startLine: line } },
            },
          ],
          properties: {
            owner: hit.owner,
            ...(hit.seq === undefined ? {} : { seq: hit.seq }),
            ...(hit.call ? { call: hit.call } : {}),
          },
        };
      }),
    }));
  return `${JSON.stringify({ $schema: SARIF_SCHEMA, version: "2.1.0", runs }, null, 2)}\n`;
}

/** The formats `renderCheck` writes. */
export const CHECK_FORMATS = ["text", "json", "junit", "sarif"] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** The results in one of `CHECK_FORMATS`, as `mcp-conf check --format` writes them. */
export function renderCheck(
  results: readonly InspectResult[],
  signals: readonly Signal[],
  format: CheckFormat,
): string {
  switch (format) {
    case "json":
      return renderCheckJson(results, signals);
    case "junit":
      return renderCheckJunit(results, signals);
    case "sarif":
      return renderCheckSarif(results, signals);
    case "text":
      return renderCheckText(results, signals);
  }
}

/**
 * The exit code the results earn (docs/check.md), the highest of any trace: 3 a malformed trace, 2 one that could not
 * be checked, 1 a signal fired (or a session refused before its handshake, whose clauses could not be judged), else 0.
 */
export function checkExitCode(results: readonly InspectResult[]): number {
  let worst = 0;
  for (const result of results) {
    if (result.problem) worst = Math.max(worst, result.problem.kind === "malformed" ? 3 : 2);
    else if (result.hits.length > 0 || result.unjudged !== undefined) worst = Math.max(worst, 1);
  }
  return worst;
}
