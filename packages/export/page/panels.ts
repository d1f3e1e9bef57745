/** The session header and the side panels: findings grouped by requirement, per-tool statistics and context cost. */
import type { CallStats, SessionAnalysis } from "@mcp-conf/analysis";
import type { ExportFinding, Judgement } from "../src/document.js";
import { clear, el } from "./dom.js";

const peer = (info: Record<string, unknown> | undefined) =>
  info ? [info.name, info.version].filter((part) => typeof part === "string").join(" ") || "?" : "?";

export function renderHeader(
  node: HTMLElement,
  analysis: SessionAnalysis,
  judgement: Judgement | undefined,
  live: string,
): void {
  clear(node);
  const { session, protocol, peers, counts } = analysis;
  const verdict =
    judgement === undefined
      ? el("span", { class: "verdict verdict-live" }, "judging live")
      : "error" in judgement
        ? el("span", { class: "verdict verdict-error" }, `not judged: ${judgement.error}`)
        : el(
            "span",
            { class: `verdict verdict-${judgement.verdict}` },
            `${judgement.verdict} · ${judgement.totals.fail} fail, ${judgement.totals.warn} warn, ${judgement.totals.pass} pass`,
          );
  node.appendChild(
    el(
      "h1",
      {},
      session.label ?? "MCP session",
      session.id ? el("span", { class: "muted" }, ` ${session.id}`) : null,
      live ? el("span", { class: "live" }, ` ${live}`) : null,
    ),
  );
  const facts = [
    `${session.transport ?? "?"}`,
    `protocol ${protocol.negotiated ?? protocol.stateless ?? protocol.requested ?? "?"}`,
    `client ${peer(peers.client)}`,
    `server ${peer(peers.server)}`,
    session.durationMs === undefined ? "duration unknown" : `${(session.durationMs / 1000).toFixed(3)} s`,
    `${counts.calls} calls, ${counts.notifications} notifications, ${counts.stderr} stderr lines`,
  ];
  const statuses = Object.entries(counts.byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  node.appendChild(el("p", { class: "facts" }, facts.join(" · ")));
  node.appendChild(
    el(
      "p",
      { class: "facts" },
      verdict,
      " · ",
      statuses.join(", ") || "no calls",
      analysis.contextCost ? ` · context cost ${analysis.contextCost.total} tokens` : "",
    ),
  );
  const losses = analysis.losses;
  if (losses.missingEvents > 0 || losses.truncated.length > 0) {
    node.appendChild(
      el(
        "p",
        { class: "warning" },
        `incomplete capture: ${losses.missingEvents} event(s) missing, ${losses.truncated.length} message(s) truncated`,
      ),
    );
  }
}

export function renderFindingsPanel(
  node: HTMLElement,
  findings: ExportFinding[],
  onPick: (finding: ExportFinding) => void,
): void {
  clear(node);
  node.appendChild(el("h2", {}, `Findings (${findings.length})`));
  if (findings.length === 0) {
    node.appendChild(el("p", { class: "muted" }, "No requirement failed or warned."));
    return;
  }
  const groups = new Map<string, ExportFinding[]>();
  for (const finding of findings)
    groups.set(finding.requirement, [...(groups.get(finding.requirement) ?? []), finding]);
  for (const [requirement, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const first = group[0]!;
    const list = el("ul", {});
    for (const finding of group) {
      const button = el(
        "button",
        { type: "button", class: "linkish" },
        finding.seq === undefined ? "whole session" : `seq ${finding.seq}`,
      );
      button.addEventListener("click", () => onPick(finding));
      list.appendChild(el("li", {}, button, ` ${finding.detail}`));
    }
    node.appendChild(
      el(
        "details",
        { class: `group finding-${first.outcome}`, open: "" },
        el(
          "summary",
          {},
          el("span", { class: `badge badge-${first.outcome}` }, first.outcome.toUpperCase()),
          ` ${requirement} (${first.level}) × ${group.length}`,
        ),
        el("blockquote", { class: "finding-quote" }, first.quote),
        list,
      ),
    );
  }
}

function statsTable(title: string, rows: CallStats[], cost?: Map<string, number>): HTMLElement {
  const ms = (value: number | undefined) => (value === undefined ? "–" : String(value));
  const head = ["name", "calls", "ok", "failed", "open", "p50", "p95", "p99"];
  if (cost) head.push("tokens");
  const table = el("table", { class: "stats" }, el("thead", {}, el("tr", {}, ...head.map((h) => el("th", {}, h)))));
  const body = el("tbody", {});
  for (const row of rows) {
    const s = row.byStatus;
    // failed: an error, a tool error or a late result; open: pending or cancelled.
    const failed = s.error + s["tool-error"] + s["late-result"];
    const cells = [
      row.name,
      row.calls,
      s.ok,
      failed,
      s.pending + s.cancelled,
      ms(row.latency.p50),
      ms(row.latency.p95),
      ms(row.latency.p99),
    ];
    if (cost) cells.push(cost.get(row.name) ?? "–");
    body.appendChild(el("tr", {}, ...cells.map((c) => el("td", {}, String(c)))));
  }
  table.appendChild(body);
  return el("section", {}, el("h2", {}, title), table);
}

export function renderStats(node: HTMLElement, analysis: SessionAnalysis): void {
  clear(node);
  const cost = analysis.contextCost;
  const toolTokens = new Map((cost?.tools.items ?? []).map((item) => [item.name, item.tokens]));
  // Listed tools that were never called still cost context: show them too.
  const tools = [...analysis.tools];
  for (const definition of analysis.definitions.tools) {
    if (!tools.some((t) => t.name === definition.name)) {
      tools.push({
        name: definition.name,
        calls: 0,
        // Every status the model counts, at zero (the session's own counts name them all).
        byStatus: Object.fromEntries(
          Object.keys(analysis.counts.byStatus).map((status) => [status, 0]),
        ) as CallStats["byStatus"],
        latency: { measured: 0 },
      });
    }
  }
  node.appendChild(statsTable("Tools", tools, cost ? toolTokens : undefined));
  node.appendChild(statsTable("Methods", analysis.methods));
  if (cost) {
    node.appendChild(
      el(
        "p",
        { class: "muted" },
        `Context cost (${cost.tokenizer}): ${cost.total} tokens — tools ${cost.tools.total}, prompts ${cost.prompts.total}, resources ${cost.resources.total}, templates ${cost.resourceTemplates.total}.`,
      ),
    );
  }
}
