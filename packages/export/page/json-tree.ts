/**
 * A JSON value as a foldable tree of <details> elements, every key and value as text. Everything starts open down to
 * a depth a request's `params.arguments` and an answer's `result.content[n]` sit well within; a large array or object
 * shows its first children and a button for the rest (built only when asked), so a large answer is never folded
 * away whole nor built whole.
 */
import { el } from "./dom.js";

const OPEN_DEPTH = 6;
const FIRST_CHILDREN = 50;

export function jsonTree(value: unknown, key?: string, depth = 0): HTMLElement {
  const name = key === undefined ? null : el("span", { class: "json-key" }, `${key}: `);
  if (value === null || typeof value !== "object") {
    return el(
      "div",
      { class: "json-leaf" },
      name,
      el("span", { class: `json-${value === null ? "null" : typeof value}` }, JSON.stringify(value) ?? "undefined"),
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  const details = el(
    "details",
    { class: "json-node" },
    el("summary", {}, name, el("span", { class: "json-count" }, summary)),
  );
  let built = false;
  const build = () => {
    if (built) return;
    built = true;
    for (const [k, v] of entries.slice(0, FIRST_CHILDREN)) details.appendChild(jsonTree(v, k, depth + 1));
    if (entries.length <= FIRST_CHILDREN) return;
    const more = el(
      "button",
      { type: "button", class: "linkish json-more" },
      `show ${entries.length - FIRST_CHILDREN} more`,
    );
    more.addEventListener("click", () => {
      more.remove();
      for (const [k, v] of entries.slice(FIRST_CHILDREN)) details.appendChild(jsonTree(v, k, depth + 1));
    });
    details.appendChild(more);
  };
  if (depth < OPEN_DEPTH) {
    details.open = true;
    build();
  } else {
    details.addEventListener("toggle", build);
  }
  return details;
}
