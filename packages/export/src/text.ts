/**
 * The text export: a readable transcript of the session for a terminal or a pull request — the header, one line per
 * timeline entry with its findings under it, then statistics, context cost and losses. Every string that came from
 * the session goes through `escapeTerminal`, so a hostile payload cannot move the cursor or recolour the screen.
 */
import type { CallStats, SessionAnalysis, TimelineEntry } from "@mcp-conf/analysis";
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { ExportDocument, ExportFinding } from "./document.js";

/** Payload summaries are cut to this many characters. */
const SUMMARY_CHARS = 120;

const arrow = (direction: string) => (direction === "client-to-server" ? "→" : "←");
const safe = (value: unknown) => escapeTerminal(String(value));

function cut(text: string, limit = SUMMARY_CHARS): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** What a message carried, as one short line of compact JSON (params, result or error). */
function summary(message: unknown): string | undefined {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const record = message as Record<string, unknown>;
  const body = record.params ?? record.result ?? record.error;
  return body === undefined ? undefined : safe(cut(JSON.stringify(body)));
}

function peer(info: Record<string, unknown> | undefined): string {
  if (!info) return "?";
  return safe([info.name, info.version].filter((part) => typeof part === "string").join(" ") || "?");
}

function header(document: ExportDocument): string[] {
  const { session, protocol, peers } = document.analysis;
  const lines = [
    `session ${safe(session.label ?? "(no label)")}${session.id === undefined ? "" : ` (${safe(session.id)})`} · ${safe(session.transport ?? "?")}`,
  ];
  if (session.command) lines.push(`command ${safe(session.command.join(" "))}`);
  if (session.upstream) lines.push(`upstream ${safe(session.upstream)}`);
  lines.push(
    `protocol ${safe(protocol.negotiated ?? protocol.stateless ?? protocol.requested ?? "?")} · client ${peer(peers.client)} · server ${peer(peers.server)}`,
  );
  const duration =
    session.durationMs === undefined ? "duration unknown" : `duration ${(session.durationMs / 1000).toFixed(3)} s`;
  lines.push(
    `${duration} · ${session.events} events · transport ${session.ended === "open" ? "still open" : session.ended}`,
  );
  const judgement = document.judgement;
  if ("error" in judgement) lines.push(`not judged: ${safe(judgement.error)}`);
  else {
    lines.push(
      `verdict ${judgement.verdict} at ${judgement.revision} · ${judgement.totals.fail} fail, ${judgement.totals.warn} warn, ${judgement.totals.pass} pass`,
    );
  }
  return lines;
}

function entryLine(entry: TimelineEntry): string {
  const at = `seq ${entry.seq}`.padEnd(9);
  switch (entry.kind) {
    case "call": {
      const latency = entry.latencyMs === undefined ? "" : ` ${entry.latencyMs} ms`;
      const target = entry.target === undefined ? "" : ` ${safe(entry.target)}`;
      const http = entry.httpStatus === undefined ? "" : ` (HTTP ${entry.httpStatus})`;
      return `${at} ${arrow(entry.direction)} ${safe(entry.method)}${target} · ${entry.status}${http}${latency}`;
    }
    case "notification":
      return `${at} ${arrow(entry.direction)} ${safe(entry.method)}`;
    case "orphan-response":
      return `${at} ${arrow(entry.direction)} answer to no open request`;
    case "invalid":
      return `${at} ${arrow(entry.direction)} not a JSON-RPC message`;
    case "stderr":
      return `${at} ! stderr: ${safe(cut(entry.text, 200))}`;
    case "raw":
      return `${at} ${arrow(entry.direction)} non-JSON line${entry.truncated ? " (truncated)" : ""}: ${safe(cut(entry.text, 200))}`;
    case "http":
      return `${at} ← HTTP ${entry.status}${entry.requestMethod === undefined ? "" : ` to ${safe(entry.requestMethod)} ${safe(entry.path ?? "")}`}`;
  }
}

function entryDetail(entry: TimelineEntry): string[] {
  const lines: string[] = [];
  if (entry.kind === "call") {
    const request = summary(entry.request);
    if (request !== undefined) lines.push(`          request ${request}`);
    const answer = summary(entry.response);
    if (answer !== undefined) lines.push(`          answer  ${answer}`);
    if (entry.cancelledSeq !== undefined) lines.push(`          cancelled at seq ${entry.cancelledSeq}`);
  } else if (entry.kind === "notification" || entry.kind === "orphan-response" || entry.kind === "invalid") {
    const body = entry.kind === "invalid" ? safe(cut(JSON.stringify(entry.message) ?? "")) : summary(entry.message);
    if (body !== undefined) lines.push(`          ${body}`);
  }
  return lines;
}

function findingLines(finding: ExportFinding): string[] {
  return [
    `          ${finding.outcome === "fail" ? "FAIL" : "WARN"} ${finding.requirement} (${finding.level}): ${safe(finding.detail)}`,
    `            spec: "${safe(finding.quote)}"`,
    `            see:  ${safe(finding.url)}`,
  ];
}

function statsTable(title: string, rows: CallStats[]): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(6, ...rows.map((row) => safe(row.name).length));
  const lines = [
    title,
    `  ${"name".padEnd(width)}  calls  ok  error  tool-error  refused  pending  cancelled  late  p50  p95  p99 (ms)`,
  ];
  for (const row of rows) {
    const s = row.byStatus;
    const ms = (value: number | undefined) => (value === undefined ? "-" : String(value)).padStart(4);
    lines.push(
      `  ${safe(row.name).padEnd(width)}  ${String(row.calls).padStart(5)}  ${String(s.ok).padStart(2)}  ${String(s.error).padStart(5)}  ${String(s["tool-error"]).padStart(10)}  ${String(s.refused).padStart(7)}  ${String(s.pending).padStart(7)}  ${String(s.cancelled).padStart(9)}  ${String(s["late-result"]).padStart(4)} ${ms(row.latency.p50)} ${ms(row.latency.p95)} ${ms(row.latency.p99)}`,
    );
  }
  return lines;
}

function costLines(analysis: SessionAnalysis): string[] {
  const cost = analysis.contextCost;
  if (!cost) return [];
  const lines = [`context cost, counted with ${cost.tokenizer}: ${cost.total} tokens`];
  for (const [kind, part] of [
    ["tools", cost.tools],
    ["prompts", cost.prompts],
    ["resources", cost.resources],
    ["resource templates", cost.resourceTemplates],
  ] as const) {
    if (part.items.length === 0) continue;
    lines.push(`  ${kind}: ${part.total}`);
    for (const item of [...part.items].sort((a, b) => b.tokens - a.tokens)) {
      const parts = item.parts
        ? ` (description ${item.parts.description}, schema ${item.parts.schema}, rest ${item.parts.rest})`
        : "";
      lines.push(`    ${String(item.tokens).padStart(6)}  ${safe(item.name)}${parts}`);
    }
  }
  const results = cost.results;
  if (results && results.items.length > 0) {
    lines.push(`  tool results in this session: ${results.total}`);
    for (const item of [...results.items].sort((a, b) => b.heaviest.tokens - a.heaviest.tokens)) {
      lines.push(
        `    ${String(item.tokens).padStart(6)}  ${safe(item.name)} · ${item.results} result(s), heaviest ${item.heaviest.tokens} at seq ${item.heaviest.seq}`,
      );
    }
  }
  return lines;
}

function lossLines(analysis: SessionAnalysis): string[] {
  const losses = analysis.losses;
  const lines: string[] = [];
  for (const gap of losses.seqGaps)
    lines.push(`  ${gap.missing} event(s) missing between seq ${gap.after} and ${gap.before}`);
  for (const cutMessage of losses.truncated) {
    lines.push(
      `  seq ${cutMessage.seq}: message truncated${cutMessage.bytes === undefined ? "" : ` (${cutMessage.bytes} bytes)`}`,
    );
  }
  for (const issue of losses.correlationIssues) lines.push(`  seq ${issue.seq}: ${issue.kind}: ${safe(issue.detail)}`);
  if (losses.unclosed)
    lines.push("  the trace ends without a transport close (still running, or the recorder was stopped)");
  return lines.length === 0 ? ["observation losses: none"] : ["observation losses and pairing problems", ...lines];
}

/** The transcript, ending in a newline. */
export function renderText(document: ExportDocument): string {
  const { analysis, judgement } = document;
  const findingsAt = new Map<number, ExportFinding[]>();
  const unplaced: ExportFinding[] = [];
  if (!("error" in judgement)) {
    for (const finding of judgement.findings) {
      if (finding.seq === undefined) unplaced.push(finding);
      else findingsAt.set(finding.seq, [...(findingsAt.get(finding.seq) ?? []), finding]);
    }
  }
  // A finding points at an event; show it under the entry that event opened or answered.
  const placeOf = new Map<number, number>();
  for (const entry of analysis.timeline) {
    placeOf.set(entry.seq, entry.index);
    if (entry.kind === "call" && entry.responseSeq !== undefined) placeOf.set(entry.responseSeq, entry.index);
  }
  const byEntry = new Map<number, ExportFinding[]>();
  for (const [seq, findings] of findingsAt) {
    const index = placeOf.get(seq);
    if (index === undefined) unplaced.push(...findings);
    else byEntry.set(index, [...(byEntry.get(index) ?? []), ...findings]);
  }

  const lines = [...header(document), "", "timeline"];
  for (const entry of analysis.timeline) {
    lines.push(entryLine(entry), ...entryDetail(entry));
    for (const finding of byEntry.get(entry.index) ?? []) lines.push(...findingLines(finding));
  }
  if (unplaced.length > 0) {
    lines.push("", "findings of the whole session");
    for (const finding of unplaced) lines.push(...findingLines(finding));
  }
  const stats = [...statsTable("methods", analysis.methods), ...statsTable("tools", analysis.tools)];
  if (stats.length > 0) lines.push("", ...stats);
  if (analysis.slowest.length > 0) {
    lines.push("", "slowest calls");
    for (const slow of analysis.slowest) {
      lines.push(
        `  ${String(slow.latencyMs).padStart(6)} ms  seq ${slow.seq} ${safe(slow.method)}${slow.target === undefined ? "" : ` ${safe(slow.target)}`}`,
      );
    }
  }
  const cost = costLines(analysis);
  if (cost.length > 0) lines.push("", ...cost);
  lines.push("", ...lossLines(analysis));
  return `${lines.join("\n")}\n`;
}
