/**
 * The hub's page: every session of the state directory, newest first — label, id, start, exchanges, verdict — with
 * the running ones marked and the whole list replaced whenever the server sends a new one. Each row links to the
 * session's own viewer page (the token travels in the query, as in the page's own address).
 */
import type { HubList, HubSession } from "../src/hub.js";
import { clear, el } from "./dom.js";

function duration(ms: number | undefined): string {
  if (ms === undefined) return "";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function row(session: HubSession): HTMLElement {
  const href = `s/${encodeURIComponent(session.id)}${location.search}`;
  const verdict = session.running ? "running" : session.verdict;
  return el(
    "tr",
    { class: session.running ? "session running" : "session", "data-id": session.id },
    el("td", { class: "label" }, el("a", { href }, session.label ?? session.id)),
    el("td", { class: "muted" }, session.id),
    el("td", {}, session.start ?? session.modified),
    el("td", {}, duration(session.durationMs)),
    el("td", { class: "exchanges" }, session.exchanges === undefined ? "" : String(session.exchanges)),
    el("td", { class: `verdict verdict-${verdict}` }, verdict),
  );
}

export function startHubPage(list: HubList, events: string | undefined): void {
  const header = el("header", { id: "header" });
  const body = el("tbody", {});
  const table = el(
    "table",
    { id: "sessions", class: "sessions" },
    el(
      "thead",
      {},
      el("tr", {}, ...["label", "id", "start", "duration", "exchanges", "verdict"].map((name) => el("th", {}, name))),
    ),
    body,
  );
  let status = events ? "connecting…" : "";
  let current = list;
  const render = () => {
    clear(header);
    const running = current.sessions.filter((s) => s.running).length;
    header.appendChild(el("h1", {}, "Sessions", status ? el("span", { class: "live" }, ` ${status}`) : null));
    header.appendChild(
      el("p", { class: "facts" }, `${current.sessions.length} in ${current.directory} · ${running} running`),
    );
    clear(body);
    if (current.sessions.length === 0) body.appendChild(el("tr", {}, el("td", { colspan: "6" }, "no session yet")));
    for (const session of current.sessions) body.appendChild(row(session));
  };
  document.body.appendChild(header);
  document.body.appendChild(el("main", { class: "hub" }, table));
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
