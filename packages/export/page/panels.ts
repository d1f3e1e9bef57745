/** The session header and the side panels: findings grouped by requirement, per-tool statistics and context cost. */
import type { CallStats, DefinitionCost, ResultCost, SessionAnalysis } from "@mcp-conf/analysis";
import type { ExportFinding, Judgement } from "../src/document.js";
import { clear, el } from "./dom.js";
import { sortable } from "./sort.js";

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

interface Costs {
  definitions: Map<string, DefinitionCost>;
  results: Map<string, ResultCost>;
}

function statsTable(id: string, title: string, rows: CallStats[], cost?: Costs): HTMLElement {
  const ms = (value: number | undefined) => (value === undefined ? "–" : String(value));
  const head = ["name", "calls", "ok", "failed", "open", "p50", "p95", "p99"];
  if (cost) head.push("tokens", "result");
  const titles: Record<string, string> = {
    tokens: "the definition's tokens (hover: description / schema / rest)",
    result: "the heaviest single result's tokens (hover: all results)",
  };
  const table = el(
    "table",
    { class: "stats", id },
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", titles[h] ? { title: titles[h] } : {}, h)))),
  );
  const body = el("tbody", {});
  for (const row of rows) {
    const s = row.byStatus;
    // failed: an error, a tool error or a late result; open: pending or cancelled.
    const failed = s.error + s["tool-error"] + s["late-result"];
    const cells: HTMLElement[] = [
      row.name,
      row.calls,
      s.ok,
      failed,
      s.pending + s.cancelled,
      ms(row.latency.p50),
      ms(row.latency.p95),
      ms(row.latency.p99),
    ].map((c) => el("td", {}, String(c)));
    if (cost) {
      const definition = cost.definitions.get(row.name);
      const parts = definition?.parts;
      cells.push(
        el(
          "td",
          {
            class: "cost-definition",
            ...(parts
              ? { title: `description ${parts.description} · schema ${parts.schema} · rest ${parts.rest}` }
              : {}),
          },
          definition === undefined ? "–" : String(definition.tokens),
        ),
      );
      const result = cost.results.get(row.name);
      cells.push(
        el(
          "td",
          {
            class: "cost-result",
            ...(result
              ? {
                  title: `${result.results} result(s), ${result.tokens} tokens; heaviest at seq ${result.heaviest.seq}`,
                }
              : {}),
          },
          result === undefined ? "–" : String(result.heaviest.tokens),
        ),
      );
    }
    body.appendChild(el("tr", { "data-name": row.name }, ...cells));
  }
  table.appendChild(body);
  return el("section", {}, el("h2", {}, title), el("div", { class: "table-box" }, sortable(table)));
}

/** Where the listed tools' tokens sit: descriptions against schemas, the heaviest definitions first. */
function costParts(cost: NonNullable<SessionAnalysis["contextCost"]>): HTMLElement {
  const sum = { description: 0, schema: 0, rest: 0 };
  for (const item of cost.tools.items) {
    sum.description += item.parts?.description ?? 0;
    sum.schema += item.parts?.schema ?? 0;
    sum.rest += item.parts?.rest ?? 0;
  }
  const results = cost.results;
  return el(
    "p",
    { class: "muted", id: "cost-parts" },
    `Tool definitions: descriptions ${sum.description}, schemas ${sum.schema}, the rest ${sum.rest} tokens.`,
    results && results.items.length > 0
      ? ` Tool results in this session: ${results.total} tokens; the heaviest single result ${Math.max(...results.items.map((i) => i.heaviest.tokens))}.`
      : "",
  );
}

export function renderStats(node: HTMLElement, analysis: SessionAnalysis): void {
  clear(node);
  const cost = analysis.contextCost;
  const costs: Costs | undefined = cost
    ? {
        definitions: new Map(cost.tools.items.map((item) => [item.name, item])),
        results: new Map((cost.results?.items ?? []).map((item) => [item.name, item])),
      }
    : undefined;
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
  node.appendChild(statsTable("tools-table", "Tools", tools, costs));
  node.appendChild(statsTable("methods-table", "Methods", analysis.methods));
  if (cost) {
    node.appendChild(
      el(
        "p",
        { class: "muted" },
        `Context cost (${cost.tokenizer}): ${cost.total} tokens — tools ${cost.tools.total}, prompts ${cost.prompts.total}, resources ${cost.resources.total}, templates ${cost.resourceTemplates.total}.`,
      ),
    );
    node.appendChild(costParts(cost));
  }
}
