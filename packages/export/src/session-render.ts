/**
 * `mcp-conf sessions ls` and `sessions show` as text (a table newest first; one session's facts) and JSON. Everything read
 * from a trace (labels, ids, problems) is escaped before it reaches a terminal.
 */
import { CALL_STATUSES } from "@mcp-conf/analysis";
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { SessionSummary } from "./session-summary.js";

const COLUMNS = ["ID", "LABEL", "START", "DURATION", "EXCHANGES", "VERDICT"] as const;
/** The column shown when a listed session has a probe or is one. */
const LINK = "LINK";

/** Milliseconds as people read them: `850 ms`, `12.3 s`, `4 min 05 s`, `2 h 03 min`. */
export function humanDuration(ms: number | undefined): string {
  if (ms === undefined) return "-";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** How a session names its probe, or the session it is the probe of. */
function probeLink(summary: Pick<SessionSummary, "probe" | "probeOf">): string | undefined {
  if (summary.probe !== undefined) return `probe ${summary.probe}`;
  if (summary.probeOf !== undefined) return `probe of ${summary.probeOf}`;
  return undefined;
}

function row(summary: SessionSummary, linked: boolean): string[] {
  return [
    summary.id,
    summary.label ?? "-",
    summary.start ?? summary.modified,
    humanDuration(summary.durationMs),
    summary.exchanges === undefined ? "-" : String(summary.exchanges),
    summary.verdict,
    ...(linked ? [probeLink(summary) ?? "-"] : []),
  ].map((cell) => escapeTerminal(cell));
}

export function renderSessionList(summaries: SessionSummary[], directory: string): string {
  if (summaries.length === 0) return `no recorded session in ${escapeTerminal(directory)}\n`;
  const linked = summaries.some((summary) => probeLink(summary) !== undefined);
  const columns: readonly string[] = linked ? [...COLUMNS, LINK] : COLUMNS;
  const rows = [columns, ...summaries.map((summary) => row(summary, linked))];
  const widths = columns.map((_, i) => Math.max(...rows.map((cells) => cells[i]!.length)));
  return rows
    .map((cells) =>
      cells
        .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join("  ")
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join("");
}

/** The facts of a summary as JSON (the analysis left out of `ls`; `show` adds what it needs). */
function summaryJson(summary: SessionSummary): Record<string, unknown> {
  const { analysis: _analysis, judgement: _judgement, ...facts } = summary;
  return facts;
}

export function renderSessionListJson(summaries: SessionSummary[], directory: string): string {
  return `${JSON.stringify({ directory, sessions: summaries.map(summaryJson) }, null, 2)}\n`;
}

export function renderSessionText(summary: SessionSummary): string {
  const lines: [string, string][] = [
    ["session", summary.id],
    ["trace", `${summary.path} (${summary.bytes} bytes, last written ${summary.modified})`],
  ];
  if (summary.probe !== undefined) lines.push(["probe", `${summary.probe} (judged with its server's declaration)`]);
  if (summary.probeOf !== undefined) lines.push(["probe of", summary.probeOf]);
  const analysis = summary.analysis;
  if (analysis) {
    const header = analysis.session;
    lines.push(["label", header.label ?? "-"]);
    const peer = analysis.peers.server;
    const server =
      peer && typeof peer.name === "string"
        ? `${peer.name} ${typeof peer.version === "string" ? peer.version : ""}`.trim()
        : "-";
    const how = header.command
      ? `stdio: ${header.command.join(" ")}`
      : header.upstream
        ? `http: ${header.upstream}`
        : (header.transport ?? "-");
    lines.push(["server", `${server} (${how})`]);
    lines.push(["protocol", analysis.protocol.negotiated ?? analysis.protocol.stateless ?? "-"]);
    lines.push([
      "start",
      `${header.start ?? "-"}, ${humanDuration(header.durationMs)}, transport ${header.ended === "open" ? "still open at the end of the trace" : header.ended === "close" ? "closed" : "aborted"}`,
    ]);
    const statuses = CALL_STATUSES.filter((status) => analysis.counts.byStatus[status] > 0)
      .map((status) => `${analysis.counts.byStatus[status]} ${status}`)
      .join(", ");
    lines.push(["calls", `${analysis.counts.calls}${statuses ? ` (${statuses})` : ""}`]);
    lines.push(["notifications", String(analysis.counts.notifications)]);
    lines.push([
      "definitions",
      `${analysis.definitions.tools.length} tools, ${analysis.definitions.prompts.length} prompts, ${analysis.definitions.resources.length} resources`,
    ]);
    const losses = analysis.losses;
    lines.push([
      "losses",
      losses.missingEvents + losses.truncated.length === 0
        ? "none"
        : `${losses.missingEvents} events missing, ${losses.truncated.length} messages cut`,
    ]);
  }
  const judgement = summary.judgement;
  if (judgement && !("error" in judgement)) {
    const t = judgement.totals;
    lines.push([
      "verdict",
      `${judgement.verdict} at ${judgement.revision} (${t.pass} pass, ${t.fail} fail, ${t.warn} warn); mcp-conf validate ${summary.id} for the report`,
    ]);
  } else lines.push(["verdict", `${summary.verdict}${summary.problem ? `: ${summary.problem}` : ""}`]);
  const width = Math.max(...lines.map(([key]) => key.length));
  return lines.map(([key, value]) => `${key.padEnd(width)}  ${escapeTerminal(value)}\n`).join("");
}

export function renderSessionJson(summary: SessionSummary): string {
  const { analysis, judgement, ...facts } = summary;
  const out: Record<string, unknown> = { ...facts };
  if (analysis) {
    out.session = analysis.session;
    out.protocol = analysis.protocol;
    out.peers = analysis.peers;
    out.counts = analysis.counts;
    out.losses = analysis.losses;
  }
  if (judgement)
    out.judgement =
      judgement && !("error" in judgement)
        ? { revision: judgement.revision, verdict: judgement.verdict, totals: judgement.totals }
        : judgement;
  return `${JSON.stringify(out, null, 2)}\n`;
}
