/**
 * The viewer's entry point: reads the session from the page's JSON data block (never executed, never parsed as
 * HTML), builds the layout, wires search, filters and keyboard navigation, and, in the live view, follows the
 * session's event stream. A page that holds the hub's list of sessions shows that list instead (hub.ts).
 */
import type { TimelineEntry } from "@mcp-conf/analysis";
import type { HubList } from "../src/hub.js";
import { renderDetail } from "./detail.js";
import { el } from "./dom.js";
import { startHubPage } from "./hub.js";
import { VirtualList } from "./list.js";
import { connectLive } from "./live.js";
import { type Filters, methodOf, NO_FILTERS, type PageData, PageModel } from "./model.js";
import { renderFindingsPanel, renderHeader, renderStats } from "./panels.js";

function readJson<T>(id: string): T | undefined {
  const node = document.getElementById(id);
  return node?.textContent ? (JSON.parse(node.textContent) as T) : undefined;
}

const liveConfig = readJson<{ events: string }>("mcp-conf-live");
const hubList = readJson<HubList>("mcp-conf-hub");
if (hubList) startHubPage(hubList, liveConfig?.events);
else startViewer();

function startViewer(): void {
  const data = readJson<PageData>("mcp-conf-data");
  if (!data) throw new Error("mcp-conf viewer: no session data in the page");
  const back = readJson<{ href: string }>("mcp-conf-back");

  const model = new PageModel(data);
  const filters: Filters = { ...NO_FILTERS };
  let liveStatus = liveConfig ? "connecting…" : "";

  const header = el("header", { id: "header" });
  const search = el("input", { type: "search", id: "search", placeholder: "Search (/)", "aria-label": "search" });
  const selects = {
    method: el("select", { id: "filter-method", "aria-label": "method" }),
    tool: el("select", { id: "filter-tool", "aria-label": "tool" }),
    status: el("select", { id: "filter-status", "aria-label": "status" }),
    level: el("select", { id: "filter-level", "aria-label": "finding level" }),
    side: el("select", { id: "filter-side", "aria-label": "side" }),
  };
  const count = el("span", { id: "count", class: "muted" });
  const detail = el("section", { id: "detail", class: "detail", "aria-live": "polite" });
  const findingsPanel = el("section", { id: "findings", class: "panel" });
  const statsPanel = el("section", { id: "stats", class: "panel" });
  const list = new VirtualList(
    () => model.timeline,
    (index) => model.findingsAt.get(index),
    (index) => select(index),
  );
  list.viewport.id = "timeline";

  if (back)
    document.body.appendChild(el("nav", { class: "back" }, el("a", { href: back.href, id: "back" }, "← all sessions")));
  document.body.appendChild(header);
  document.body.appendChild(
    el(
      "div",
      { class: "toolbar" },
      search,
      selects.method,
      selects.tool,
      selects.status,
      selects.level,
      selects.side,
      count,
    ),
  );
  document.body.appendChild(
    el("main", {}, el("section", { class: "list" }, list.viewport), detail, el("aside", {}, findingsPanel, statsPanel)),
  );

  function options(select: HTMLSelectElement, all: string, values: [string, string][]): void {
    const current = select.value;
    while (select.firstChild) select.removeChild(select.firstChild);
    select.appendChild(el("option", { value: "" }, all));
    for (const [value, text] of values) select.appendChild(el("option", { value }, text));
    select.value = values.some(([value]) => value === current) ? current : "";
  }

  function refreshFilters(): void {
    const methods = new Set<string>();
    for (const entry of model.timeline) {
      const method = entry && methodOf(entry);
      if (method !== undefined) methods.add(method);
    }
    const pairs = (values: Iterable<string>): [string, string][] => [...values].sort().map((v) => [v, v]);
    options(selects.method, "all methods", pairs(methods));
    options(selects.tool, "all tools", pairs(model.analysis.tools.map((t) => t.name)));
    options(selects.status, "any status", [
      ...Object.keys(model.analysis.counts.byStatus).map((v): [string, string] => [v, v]),
      ...pairs(["notification", "stderr", "raw", "http", "orphan-response", "invalid"]),
    ]);
    options(selects.level, "findings or not", [
      ["any", "with a finding"],
      ["fail", "with a failure"],
      ["warn", "with a warning"],
    ]);
    options(selects.side, "both sides", [
      ["client-to-server", "client → server"],
      ["server-to-client", "server → client"],
    ]);
  }

  function applyFilters(): void {
    const shown = model.filter(filters);
    list.show(shown);
    count.textContent = `${shown.length} of ${model.timeline.length}`;
  }

  function select(index: number | undefined): void {
    list.selected = index;
    const entry: TimelineEntry | undefined = index === undefined ? undefined : model.timeline[index];
    renderDetail(detail, entry, index === undefined ? [] : (model.findingsAt.get(index) ?? []));
    if (index !== undefined) list.reveal(index);
    else list.render();
  }

  function renderAll(): void {
    renderHeader(header, model.analysis, model.judgement, liveStatus);
    renderFindingsPanel(findingsPanel, model.findings, (finding) => {
      const index = model.timeline.find(
        (e) => e && (e.seq === finding.seq || (e.kind === "call" && e.responseSeq === finding.seq)),
      )?.index;
      if (index === undefined) return;
      if (!list.shown.includes(index)) {
        Object.assign(filters, NO_FILTERS);
        search.value = "";
        for (const s of Object.values(selects)) s.value = "";
        applyFilters();
      }
      select(index);
    });
    renderStats(statsPanel, model.analysis);
  }

  search.addEventListener("input", () => {
    filters.search = search.value;
    applyFilters();
  });
  for (const [key, node] of Object.entries(selects) as [keyof typeof selects, HTMLSelectElement][]) {
    node.addEventListener("change", () => {
      filters[key] = node.value;
      applyFilters();
    });
  }

  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === "/" && !typing) {
      event.preventDefault();
      search.focus();
      return;
    }
    if (event.key === "Escape") {
      if (document.activeElement === search) search.blur();
      select(undefined);
      return;
    }
    if (typing) return;
    const shown = list.shown;
    if (shown.length === 0) return;
    const at = list.selected === undefined ? -1 : shown.indexOf(list.selected);
    let next: number | undefined;
    if (event.key === "j" || event.key === "ArrowDown") next = Math.min(shown.length - 1, at + 1);
    else if (event.key === "k" || event.key === "ArrowUp") next = Math.max(0, at - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = shown.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    select(shown[next]);
  });

  refreshFilters();
  renderAll();
  applyFilters();
  select(undefined);

  if (liveConfig) {
    let pending = false;
    const redraw = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        refreshFilters();
        renderAll();
        applyFilters();
        if (list.selected !== undefined)
          renderDetail(detail, model.timeline[list.selected], model.findingsAt.get(list.selected) ?? []);
      });
    };
    connectLive(liveConfig.events, {
      snapshot(data) {
        model.load(data);
        redraw();
      },
      entries(entries) {
        model.updateEntries(entries);
        redraw();
      },
      state(analysis, findings) {
        model.analysis = { ...analysis, timeline: model.timeline };
        model.addFindings(findings);
        redraw();
      },
      end(judgement) {
        model.setJudgement(judgement);
        liveStatus = "ended";
        redraw();
      },
      status(text) {
        if (liveStatus !== "ended") liveStatus = text;
        renderHeader(header, model.analysis, model.judgement, liveStatus);
      },
    });
  }
}
