/** The `?` overlay: every key and every token of the filter language, from the same tables the docs are held to. */
import { FILTER_DIRECTIONS, FILTER_KEYS, FILTER_KINDS, FILTER_STATUSES } from "../src/filter.js";
import { el } from "./dom.js";

const TOKENS: [string, string][] = [
  ["tool:NAME", "tools/call of that tool"],
  ["method:NAME", "calls and notifications of that method"],
  ["id:ID", "calls with that JSON-RPC id (its retries too), the cancellation and progress that name it"],
  ["task:ID", "the messages about that task (created, polled, cancelled, its status notifications)"],
  [`dir:${Object.keys(FILTER_DIRECTIONS).join("|")}`, "client → server, server → client"],
  ...Object.entries(FILTER_KINDS).map(([kind, what]): [string, string] => [`kind:${kind}`, what]),
  ...Object.entries(FILTER_STATUSES).map(([status, what]): [string, string] => [`status:${status}`, what]),
  ["status:401", "any HTTP status: frames and calls that got it"],
  ["TEXT", "free text in the method, tool, id and payload"],
  ["-TOKEN", "negates a token"],
];

/** The help panel (hidden until toggled), for the given keys. */
export function helpPanel(keys: readonly [string, string][], withFilter: boolean): HTMLElement {
  const table = (rows: [string, string][], head: string) =>
    el(
      "table",
      { class: "help-table" },
      el("thead", {}, el("tr", {}, el("th", {}, head), el("th", {}, ""))),
      el("tbody", {}, ...rows.map(([a, b]) => el("tr", {}, el("td", {}, el("kbd", {}, a)), el("td", {}, b)))),
    );
  const panel = el(
    "div",
    { id: "help", class: "help", role: "dialog", "aria-label": "help", hidden: "" },
    el("h2", {}, "Keys"),
    table([...keys], "key"),
  );
  if (withFilter) {
    panel.appendChild(el("h2", {}, "Filter tokens (all must match)"));
    panel.appendChild(
      el("p", { class: "muted" }, `Keys: ${FILTER_KEYS.join(", ")}. Values match whole, case-blind; * is a wildcard.`),
    );
    panel.appendChild(table(TOKENS, "token"));
  }
  return panel;
}

export function toggleHelp(force?: boolean): void {
  const panel = document.getElementById("help");
  if (!panel) return;
  const show = force ?? panel.hidden;
  panel.hidden = !show;
}
