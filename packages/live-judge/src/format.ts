/**
 * The lines a live session prints, as seed 000 lays them out: a finding (outcome, clause and level, event, detail),
 * the verbatim spec sentence and its URL, and the one-line tally. Text from the session is escaped for a terminal.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { LiveFinding, Tally } from "./protocol.js";

export const DEFAULT_PREFIX = "mcp-conf watch";

/** Three lines: the finding, `    spec: "…"`, `    see:  <url>`. */
export function formatFinding(finding: LiveFinding, prefix = DEFAULT_PREFIX): string {
  const where = finding.seq === undefined ? "" : ` seq ${finding.seq}`;
  return (
    `${prefix}: ${finding.outcome.toUpperCase()} ${finding.requirement} (${finding.level})${where}: ` +
    `${escapeTerminal(finding.detail)}\n` +
    `    spec: "${escapeTerminal(finding.quote)}"\n` +
    `    see:  ${escapeTerminal(finding.url)}\n`
  );
}

/** A withdrawn finding: printed live, absent from the whole-trace report. */
export function formatWithdrawn(finding: LiveFinding, prefix = DEFAULT_PREFIX): string {
  const where = finding.seq === undefined ? "" : ` seq ${finding.seq}`;
  return `${prefix}: withdrawn: ${finding.outcome.toUpperCase()} ${finding.requirement} (${finding.level})${where}: ${escapeTerminal(finding.detail)}\n`;
}

/** `N exchange(s); findings so far: F fail, W warn` (no newline). */
export function formatTally(tally: Tally, prefix = DEFAULT_PREFIX): string {
  return `${prefix}: ${tally.exchanges} exchange(s); findings so far: ${tally.fail} fail, ${tally.warn} warn`;
}
