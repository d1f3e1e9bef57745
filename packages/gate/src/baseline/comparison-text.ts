/**
 * Two sessions compared, as `mcp-conf diff` reports it: text for people (only what changed, then the regression count) and JSON for tools (the
 * comparison as the analysis package returns it, with the two traces named).
 */
import {
  type ComparedSession,
  DEFINITION_KINDS,
  type DefinitionKind,
  definitionsDiffer,
  type FieldChange,
  type MatchedCall,
  type SessionComparison,
} from "@mcp-conf/analysis";
import { escapeTerminal } from "@mcp-conf/trace-format";
import { definitionsDiffLines, definitionsDiffSummary, fieldChangeLine } from "./changes-text.js";

const KIND_NAMES: Record<DefinitionKind, string> = {
  tools: "tools",
  prompts: "prompts",
  resources: "resources",
  resourceTemplates: "resource templates",
};

/** How the two traces are named in the report. */
export interface DiffNames {
  before: string;
  after: string;
}

/** The comparison as JSON, the two traces named. */
export function renderComparisonJson(names: DiffNames, comparison: SessionComparison): string {
  return `${JSON.stringify({ traces: names, ...comparison }, null, 2)}\n`;
}

/** The comparison as text: only what changed, then the regression count. */
export function renderComparisonText(names: DiffNames, comparison: SessionComparison): string {
  const lines = [
    `before: ${sessionLine(names.before, comparison.before, comparison.protocol.before)}`,
    `after:  ${sessionLine(names.after, comparison.after, comparison.protocol.after)}`,
  ];
  const body: string[] = [];
  if (comparison.protocol.changed) {
    body.push(`protocol version: ${comparison.protocol.before ?? "none"} → ${comparison.protocol.after ?? "none"}`);
  }
  fieldSection(body, "server info", comparison.serverInfo);
  fieldSection(body, "server capabilities", comparison.capabilities.server);
  fieldSection(body, "client capabilities", comparison.capabilities.client);
  for (const kind of DEFINITION_KINDS) {
    const diff = comparison.definitions[kind];
    if (!definitionsDiffer(diff)) continue;
    body.push(`${KIND_NAMES[kind]}: ${definitionsDiffSummary(diff)}`, ...definitionsDiffLines(kind, diff));
  }
  const calls = comparison.calls;
  if (calls.statusChanged.length + calls.slower.length + calls.faster.length > 0) {
    body.push(
      `calls: ${calls.statusChanged.length} changed status, ${calls.slower.length} slower, ${calls.faster.length} faster`,
    );
    for (const change of calls.statusChanged) {
      const verdict = change.worse ? " (worse)" : "";
      body.push(`  ${callName(change)}: ${change.before.status} → ${change.after.status}${verdict}`);
    }
    for (const pair of calls.slower) body.push(`  ${callName(pair)}: slower, ${timing(pair)}`);
    for (const pair of calls.faster) body.push(`  ${callName(pair)}: faster, ${timing(pair)}`);
  }
  lines.push(...(body.length > 0 ? body : ["no differences"]));
  lines.push(
    `${calls.matched} call(s) matched, ${calls.onlyBefore} only before, ${calls.onlyAfter} only after; ${regressions(comparison.regressions)}`,
  );
  return `${lines.join("\n")}\n`;
}

function regressions(count: number): string {
  return count === 0 ? "no regression" : count === 1 ? "1 regression" : `${count} regressions`;
}

function sessionLine(name: string, session: ComparedSession, protocol: string | undefined): string {
  const facts = [session.label, session.server, protocol, session.start].filter((f) => f !== undefined);
  return escapeTerminal(facts.length > 0 ? `${name} (${facts.join(", ")})` : name);
}

function fieldSection(body: string[], title: string, fields: FieldChange[]): void {
  if (fields.length === 0) return;
  body.push(`${title}:`, ...fields.map((field) => `    ${fieldChangeLine(field)}`));
}

function callName(pair: MatchedCall): string {
  const target = pair.target !== undefined ? ` ${pair.target}` : "";
  const direction = pair.direction === "server-to-client" ? " (server to client)" : "";
  return escapeTerminal(`${pair.method}${target}${direction}, seq ${pair.before.seq} → ${pair.after.seq}`);
}

function timing(pair: MatchedCall): string {
  return `${pair.before.latencyMs} ms → ${pair.after.latencyMs} ms`;
}
