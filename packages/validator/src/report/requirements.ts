/**
 * A revision's registry as `mcp-conf requirements` prints it: every clause with its level, who it binds, its
 * capability gate, the verbatim quote and where it is published, and how it is judged (its checks, or why no trace
 * can judge it). Text for people (terminal-safe), JSON (`{revision, requirements:[…]}`) for tools.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Registry, Requirement } from "../engine/types.js";

/** `{revision, requirements:[entry…]}`, entries as the registry holds them; two-space indent, trailing newline. */
export function renderRequirementsJson(registry: Registry): string {
  return `${JSON.stringify({ revision: registry.revision, requirements: registry.requirements }, null, 2)}\n`;
}

/** One block per requirement, separated by blank lines, under a one-line summary; trailing newline. */
export function renderRequirementsText(registry: Registry): string {
  const judged = registry.requirements.filter((r) => r.checks !== undefined).length;
  const header =
    `MCP requirements — revision ${escapeTerminal(registry.revision)}: ${registry.requirements.length} clauses, ` +
    `${judged} judged by checks, ${registry.requirements.length - judged} excluded`;
  return `${[header, ...registry.requirements.map(requirementText)].join("\n\n")}\n`;
}

/** One requirement as a block of four lines (no trailing newline). */
export function requirementText(r: Requirement): string {
  const gate = r.capability === undefined ? "" : `, when ${escapeTerminal(r.capability)} is negotiated`;
  const how =
    r.checks !== undefined
      ? `checks: ${r.checks.map(escapeTerminal).join(", ")}`
      : `excluded: ${escapeTerminal(r.exclusion ?? "")}`;
  return [
    `${escapeTerminal(r.id)} (${r.level}) binds the ${r.actor === "both" ? "client and server" : r.actor}${gate}`,
    `  "${escapeTerminal(r.source.quote)}"`,
    `  ${escapeTerminal(r.source.url)}`,
    `  ${how}`,
  ].join("\n");
}
