/**
 * What `mcp-conf serve` prints, for a tool that runs a serve and says the same: a line per judged session and the
 * line of the whole run's counts at the end.
 */
import type { ServeStats } from "./serve.js";
import type { SessionVerdict } from "./verdict.js";

/** One line per judged session: its id and label, pass/fail/incomplete, and the counts. */
export function verdictLine(verdict: SessionVerdict): string {
  const fails = verdict.findings.filter((finding) => finding.outcome === "fail").length;
  const warns = verdict.findings.length - fails;
  const label = verdict.label === undefined ? "" : ` (${verdict.label})`;
  const state =
    verdict.error !== undefined
      ? `not judged: ${verdict.error}`
      : verdict.complete
        ? `${verdict.verdict ?? "judged"}, ${fails} fail(s), ${warns} warn(s)`
        : `INCOMPLETE (${verdict.reason}, ${verdict.missing} missing) ${verdict.verdict ?? ""}, ${fails} fail(s), ${warns} warn(s)`;
  return `session ${verdict.session}${label}: ${state}, ${verdict.events} event(s)`;
}

/** The run's counts, as `close()` gives them: sessions judged, events, what was ignored, requests told to retry. */
export function serveStatsLine(stats: ServeStats): string {
  return (
    `${stats.sessionsJudged} session(s) judged (${stats.sessionsIncomplete} incomplete), ${stats.events} event(s), ` +
    `${stats.duplicates} duplicate(s) and ${stats.late} late event(s) ignored, ${stats.receiver.throttled} request(s) told to retry`
  );
}
