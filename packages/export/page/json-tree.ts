/**
 * A JSON value as a foldable tree of <details> elements, every key and value as text. Large arrays and objects
 * start folded, and their children are built only when first opened.
 */
import { el } from "./dom.js";

const OPEN_BELOW = 12;

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
    for (const [k, v] of entries) details.appendChild(jsonTree(v, k, depth + 1));
  };
  if (depth < 2 && entries.length <= OPEN_BELOW) {
    details.open = true;
    build();
  } else {
    details.addEventListener("toggle", build);
  }
  return details;
}
