/**
 * The hub's page: every session of the state directory, newest first — label, id, start, exchanges, verdict — with
 * the running ones marked and the whole list replaced whenever the server sends a new one; a session and its
 * client's probe (a 2026-07-28 stdio client probes on a process of its own) each link to the other. Each row links to the
 * session's own viewer page (the token travels in the query, as in the page's own address). Columns sort by a click
 * on their header; a finished session can be deleted (after a confirmation: a same-origin POST with the token).
 */
import type { HubList, HubSession } from "../src/hub.js";
import { clear, el } from "./dom.js";
import { toggleHelp } from "./help.js";
import { sortable } from "./sort.js";

function duration(ms: number | undefined): string {
  if (ms === undefined) return "";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const pageOf = (id: string) => `s/${encodeURIComponent(id)}${location.search}`;

/** "probe ID" on a session judged with its probe's declaration, "probe of ID" on the probe: each a link. */
function probeLink(session: HubSession): HTMLElement | null {
  const [words, id] =
    session.probe !== undefined
      ? ["probe ", session.probe]
      : session.probeOf !== undefined
        ? ["probe of ", session.probeOf]
        : [];
  if (id === undefined) return null;
  return el("span", { class: "muted probe-link" }, ` · ${words}`, el("a", { href: pageOf(id) }, id));
}

function row(session: HubSession, remove: ((session: HubSession) => void) | undefined): HTMLElement {
  const href = pageOf(session.id);
  const verdict = session.running ? "running" : session.verdict;
  const actions = el("td", { class: "actions" });
  if (remove && !session.running) {
    const button = el(
      "button",
      { type: "button", class: "action delete", title: "delete this session's trace" },
      "delete",
    );
    button.addEventListener("click", () => remove(session));
    actions.appendChild(button);
  }
  return el(
    "tr",
    { class: session.running ? "session running" : "session", "data-id": session.id },
    el("td", { class: "label" }, el("a", { href }, session.label ?? session.id), probeLink(session)),
    el("td", { class: "muted id" }, session.id),
    el("td", { class: "start" }, session.start ?? session.modified),
    el("td", { class: "duration", "data-sort": String(session.durationMs ?? "") }, duration(session.durationMs)),
    el("td", { class: "exchanges" }, session.exchanges === undefined ? "" : String(session.exchanges)),
    el("td", { class: `verdict verdict-${verdict}` }, verdict),
    actions,
  );
}

export function startHubPage(list: HubList, events: string | undefined, removeUrl: string | undefined): void {
  const header = el("header", { id: "header" });
  const body = el("tbody", {});
  const note = el("p", { class: "muted", id: "note", role: "status" });
  const table = el(
    "table",
    { id: "sessions", class: "sessions" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ...["label", "id", "start", "duration", "exchanges", "verdict", ""].map((name) => el("th", {}, name)),
      ),
    ),
    body,
  );
  let status = events ? "connecting…" : "";
  let current = list;
  const remove = removeUrl
    ? async (session: HubSession) => {
        const name = session.label === undefined ? session.id : `${session.label} (${session.id})`;
        if (!confirm(`Delete the session ${name}? Its trace file is removed.`)) return;
        const response = await fetch(removeUrl.replace("ID", encodeURIComponent(session.id)), { method: "POST" });
        note.textContent = response.ok ? `deleted ${session.id}` : `not deleted: ${(await response.text()).trim()}`;
        if (response.ok) {
          current = { ...current, sessions: current.sessions.filter((s) => s.id !== session.id) };
          render();
        }
      }
    : undefined;
  const render = () => {
    clear(header);
    const running = current.sessions.filter((s) => s.running).length;
    header.appendChild(el("h1", {}, "Sessions", status ? el("span", { class: "live" }, ` ${status}`) : null));
    header.appendChild(
      el(
        "p",
        { class: "facts" },
        `${current.sessions.length} in ${current.directory} · ${running} running · ? for help`,
      ),
    );
    clear(body);
    if (current.sessions.length === 0) body.appendChild(el("tr", {}, el("td", { colspan: "7" }, "no session yet")));
    for (const session of current.sessions) body.appendChild(row(session, remove));
    sortable(table);
  };
  document.body.appendChild(header);
  document.body.appendChild(el("main", { class: "hub" }, note, table));
  document.addEventListener("keydown", (event) => {
    if (event.key === "?") toggleHelp();
    else if (event.key === "Escape") toggleHelp(false);
  });
  render();
  if (!events) return;
  const source = new EventSource(events);
  source.addEventListener("sessions", (event) => {
    current = JSON.parse((event as MessageEvent<string>).data) as HubList;
    render();
  });
  source.addEventListener("open", () => {
    status = "live";
    render();
  });
  source.addEventListener("error", () => {
    status = source.readyState === EventSource.CLOSED ? "disconnected" : "reconnecting…";
    render();
  });
}
