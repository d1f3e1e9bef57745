/**
 * The viewer's entry point: reads the session from the page's JSON data block (never executed, never parsed as
 * HTML), builds the layout, wires the filter, sorting, keys, copy and (live) follow, pause and replay, and in the
 * live view follows the session's event stream. A page that holds the hub's list of sessions shows that list
 * instead (hub.ts).
 */
import type { CallEntry, TimelineEntry } from "@mcp-conf/analysis";
import type { HubList } from "../src/hub.js";
import { copyText, curlCommand, exchangeJson, replay } from "./actions.js";
import { renderCapabilities } from "./capabilities.js";
import { type DetailActions, renderDetail } from "./detail.js";
import { el } from "./dom.js";
import { helpPanel, toggleHelp } from "./help.js";
import { startHubPage } from "./hub.js";
import { jsonTree } from "./json-tree.js";
import { HUB_KEYS, VIEWER_KEYS } from "./keys.js";
import { VirtualList } from "./list.js";
import { connectLive, type LiveHandlers } from "./live.js";
import { type Filters, methodOf, NO_FILTERS, type PageData, PageModel } from "./model.js";
import { renderFindingsPanel, renderHeader, renderStats } from "./panels.js";
import { SORT_KEYS, type SortKey, sortIndexes } from "./timeline-sort.js";

function readJson<T>(id: string): T | undefined {
  const node = document.getElementById(id);
  return node?.textContent ? (JSON.parse(node.textContent) as T) : undefined;
}

interface LiveConfig {
  events: string;
  /** The live view's replay endpoint, when its server can replay. */
  replay?: string;
  /** The hub's delete endpoint prefix. */
  remove?: string;
}

const liveConfig = readJson<LiveConfig>("mcp-conf-live");
const hubList = readJson<HubList>("mcp-conf-hub");
if (hubList) {
  document.body.appendChild(helpPanel(HUB_KEYS, false));
  startHubPage(hubList, liveConfig?.events, liveConfig?.remove);
} else startViewer();

function startViewer(): void {
  const data = readJson<PageData>("mcp-conf-data");
  if (!data) throw new Error("mcp-conf viewer: no session data in the page");
  const back = readJson<{ href: string }>("mcp-conf-back");

  const model = new PageModel(data);
  const filters: Filters = { ...NO_FILTERS };
  let liveStatus = liveConfig ? "connecting…" : "";
  let follow = !!liveConfig;
  let paused = false;
  const held: (() => void)[] = [];
  let sort: { key: SortKey; descending: boolean } = { key: "seq", descending: false };

  const header = el("header", { id: "header" });
  const search = el("input", {
    type: "search",
    id: "search",
    placeholder: "Filter: tool:echo status:error id:7 … or text (/, ? for help)",
    "aria-label": "filter",
  });
  const selects = {
    method: el("select", { id: "filter-method", "aria-label": "method" }),
    tool: el("select", { id: "filter-tool", "aria-label": "tool" }),
    status: el("select", { id: "filter-status", "aria-label": "status" }),
    level: el("select", { id: "filter-level", "aria-label": "finding level" }),
    side: el("select", { id: "filter-side", "aria-label": "side" }),
  };
  const count = el("span", { id: "count", class: "muted" });
  const filterError = el("span", { id: "filter-error", class: "warning", role: "status" });
  const note = el("span", { id: "note", class: "muted", role: "status" });
  const followButton = el("button", { type: "button", id: "follow", class: "action" });
  const pauseButton = el("button", { type: "button", id: "pause", class: "action" });
  const capsButton = el("button", { type: "button", id: "capabilities-button", class: "action" }, "capabilities");
  const helpButton = el("button", { type: "button", id: "help-button", class: "action", title: "help (?)" }, "?");
  const detail = el("section", { id: "detail", class: "detail", "aria-live": "polite" });
  const capabilitiesPanel = el("details", { id: "capabilities", class: "panel" });
  const findingsPanel = el("section", { id: "findings", class: "panel" });
  const statsPanel = el("section", { id: "stats", class: "panel" });
  const list = new VirtualList(
    () => model.timeline,
    (index) => model.findingsAt.get(index),
    (index) => select(index),
  );
  list.viewport.id = "timeline";
  const sortBar = el(
    "div",
    { class: "list-head", id: "timeline-sort" },
    ...SORT_KEYS.map((key) => {
      const node = el("button", { type: "button", class: `sort sort-${key}`, "data-sort-key": key }, key);
      node.addEventListener("click", () => setSort(key, sort.key === key ? !sort.descending : false));
      return node;
    }),
  );

  if (back)
    document.body.appendChild(el("nav", { class: "back" }, el("a", { href: back.href, id: "back" }, "← all sessions")));
  document.body.appendChild(header);
  const toolbar = el(
    "div",
    { class: "toolbar" },
    search,
    selects.method,
    selects.tool,
    selects.status,
    selects.level,
    selects.side,
    count,
    filterError,
  );
  if (liveConfig) toolbar.append(followButton, pauseButton);
  toolbar.append(capsButton, helpButton, note);
  document.body.appendChild(toolbar);
  document.body.appendChild(
    el(
      "main",
      {},
      el("section", { class: "list" }, sortBar, list.viewport),
      detail,
      el("aside", {}, capabilitiesPanel, findingsPanel, statsPanel),
    ),
  );
  document.body.appendChild(helpPanel(VIEWER_KEYS, true));

  const actions: DetailActions = {
    copy(text, what) {
      void copyText(text).then((done) => {
        note.textContent = done ? `copied ${what}` : `could not copy ${what}`;
      });
    },
    curl: (entry) => curlCommand(entry, model.analysis),
  };
  const replayUrl = liveConfig?.replay;
  if (replayUrl) actions.replay = (entry, into) => void runReplay(replayUrl, entry, into);

  async function runReplay(url: string, entry: CallEntry, into: HTMLElement): Promise<void> {
    into.querySelector("#replayed-answer")?.remove();
    const box = el("div", { class: "answer", id: "replayed-answer" }, el("h3", {}, "replayed answer"), "sending…");
    into.appendChild(box);
    const result = await replay(url, entry.seq);
    box.replaceChildren(
      el("h3", {}, result.ms === undefined ? "replayed answer" : `replayed answer · ${result.ms} ms`),
      result.error !== undefined ? el("p", { class: "warning" }, result.error) : jsonTree(result.answer),
    );
  }

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
    const { indexes, error } = model.filter(filters);
    filterError.textContent = error ?? "";
    search.classList.toggle("invalid", error !== undefined);
    const shown = sortIndexes(indexes, model.timeline, sort.key, sort.descending);
    list.show(shown);
    count.textContent = `${shown.length} of ${model.timeline.length}`;
    if (follow && shown.length > 0) list.reveal(shown[shown.length - 1]!);
  }

  function setSort(key: SortKey, descending: boolean): void {
    sort = { key, descending };
    for (const node of sortBar.querySelectorAll<HTMLElement>("[data-sort-key]")) {
      const on = node.dataset.sortKey === key;
      node.classList.toggle("active", on);
      node.setAttribute("aria-sort", on ? (descending ? "descending" : "ascending") : "none");
    }
    applyFilters();
  }

  function renderButtons(): void {
    followButton.textContent = follow ? "following" : "follow";
    followButton.setAttribute("aria-pressed", String(follow));
    pauseButton.textContent = paused ? `resume (${held.length} held)` : "pause";
    pauseButton.setAttribute("aria-pressed", String(paused));
  }

  /** What the detail pane shows, so a live redraw leaves it (and a replayed answer in it) alone unless it changed. */
  let shownDetail: { entry: TimelineEntry | undefined; findings: number } = { entry: undefined, findings: 0 };

  function renderSelected(): void {
    const index = list.selected;
    const entry = index === undefined ? undefined : model.timeline[index];
    const findings = index === undefined ? [] : (model.findingsAt.get(index) ?? []);
    if (shownDetail.entry === entry && shownDetail.findings === findings.length && entry) return;
    shownDetail = { entry, findings: findings.length };
    renderDetail(detail, entry, findings, actions);
  }

  function select(index: number | undefined): void {
    list.selected = index;
    shownDetail = { entry: undefined, findings: 0 };
    renderSelected();
    if (index !== undefined) list.reveal(index);
    else list.render();
  }

  function renderAll(): void {
    renderHeader(header, model.analysis, model.judgement, paused ? `${liveStatus} · paused` : liveStatus);
    renderCapabilities(capabilitiesPanel, model.analysis);
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
    renderButtons();
  }

  function toggleFollow(): void {
    follow = !follow;
    renderButtons();
    if (follow) applyFilters();
  }

  function togglePause(): void {
    paused = !paused;
    if (!paused) for (const apply of held.splice(0)) apply();
    renderAll();
    applyFilters();
  }

  function toggleCapabilities(): void {
    capabilitiesPanel.open = !capabilitiesPanel.open;
    if (capabilitiesPanel.open) capabilitiesPanel.scrollIntoView({ block: "nearest" });
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
  followButton.addEventListener("click", toggleFollow);
  pauseButton.addEventListener("click", togglePause);
  capsButton.addEventListener("click", toggleCapabilities);
  helpButton.addEventListener("click", () => toggleHelp());

  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === "/" && !typing) {
      event.preventDefault();
      search.focus();
      return;
    }
    if (event.key === "Escape") {
      if (document.activeElement === search) search.blur();
      toggleHelp(false);
      select(undefined);
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const selected = list.selected === undefined ? undefined : model.timeline[list.selected];
    const commands: Record<string, () => void> = {
      "?": () => toggleHelp(),
      s: () => setSort(SORT_KEYS[(SORT_KEYS.indexOf(sort.key) + 1) % SORT_KEYS.length]!, sort.descending),
      S: () => setSort(sort.key, !sort.descending),
      c: toggleCapabilities,
      y: () => selected && actions.copy(exchangeJson(selected), "the exchange"),
      u: () => {
        const curl = selected && actions.curl(selected);
        if (curl) actions.copy(curl, "curl");
        else note.textContent = "curl: select a call sent over HTTP";
      },
    };
    if (liveConfig) {
      commands.f = toggleFollow;
      commands.p = togglePause;
    }
    const command = commands[event.key];
    if (command) {
      event.preventDefault();
      command();
      return;
    }
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

  const initial = readJson<{ filter: string }>("mcp-conf-filter");
  if (initial) {
    search.value = initial.filter;
    filters.search = initial.filter;
  }
  refreshFilters();
  renderAll();
  setSort("seq", false);
  select(undefined);

  if (!liveConfig) return;
  let pending = false;
  const redraw = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      refreshFilters();
      renderAll();
      applyFilters();
      renderSelected();
    });
  };
  /** Applies an update now, or holds it while paused. */
  const take = (apply: () => void) => {
    if (paused) {
      held.push(apply);
      renderButtons();
      return;
    }
    apply();
    redraw();
  };
  const handlers: LiveHandlers = {
    snapshot: (data) => take(() => model.load(data)),
    entries: (entries) => take(() => model.updateEntries(entries)),
    state: (analysis, findings) =>
      take(() => {
        model.analysis = { ...analysis, timeline: model.timeline };
        model.addFindings(findings);
      }),
    end: (judgement) =>
      take(() => {
        model.setJudgement(judgement);
        liveStatus = "ended";
      }),
    status(text) {
      if (liveStatus !== "ended") liveStatus = text;
      renderHeader(header, model.analysis, model.judgement, paused ? `${liveStatus} · paused` : liveStatus);
    },
  };
  connectLive(liveConfig.events, handlers);
}
