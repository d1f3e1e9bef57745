/** The detail pane: one timeline entry with its findings (level, requirement, sentence, link) and its messages. */
import type { TimelineEntry } from "@mcp-conf/analysis";
import type { ExportFinding } from "../src/document.js";
import { clear, el, specLink } from "./dom.js";
import { jsonTree } from "./json-tree.js";
import { label } from "./model.js";

export function findingCard(finding: ExportFinding): HTMLElement {
  return el(
    "div",
    { class: `finding finding-${finding.outcome}`, "data-requirement": finding.requirement },
    el(
      "div",
      { class: "finding-head" },
      el("span", { class: `badge badge-${finding.outcome}` }, finding.outcome.toUpperCase()),
      " ",
      el("strong", {}, finding.requirement),
      ` (${finding.level})`,
      finding.seq === undefined ? "" : ` · seq ${finding.seq}`,
    ),
    el("div", { class: "finding-detail" }, finding.detail),
    el("blockquote", { class: "finding-quote" }, finding.quote),
    el("div", { class: "finding-link" }, specLink(finding.url, finding.url)),
  );
}

export function renderDetail(pane: HTMLElement, entry: TimelineEntry | undefined, findings: ExportFinding[]): void {
  clear(pane);
  if (!entry) {
    pane.appendChild(el("p", { class: "muted" }, "Select an exchange (click, or j/k and the arrow keys)."));
    return;
  }
  const direction = entry.direction === "client-to-server" ? "client → server" : "server → client";
  pane.appendChild(el("h2", {}, label(entry)));
  const facts: string[] = [`seq ${entry.seq}`, direction];
  if (entry.ts) facts.push(entry.ts);
  if (entry.kind === "call") {
    facts.push(`status ${entry.status}${entry.httpStatus === undefined ? "" : ` (HTTP ${entry.httpStatus})`}`);
    if (entry.latencyMs !== undefined) facts.push(`${entry.latencyMs} ms`);
    if (entry.responseSeq !== undefined) facts.push(`answered at seq ${entry.responseSeq}`);
    if (entry.cancelledSeq !== undefined) facts.push(`cancelled at seq ${entry.cancelledSeq}`);
    if (entry.error?.message !== undefined) facts.push(`error ${entry.error.code ?? ""} ${entry.error.message}`);
  }
  pane.appendChild(el("p", { class: "facts" }, facts.join(" · ")));
  for (const finding of findings) pane.appendChild(findingCard(finding));
  switch (entry.kind) {
    case "call":
      pane.appendChild(el("h3", {}, "request"));
      pane.appendChild(jsonTree(entry.request));
      pane.appendChild(el("h3", {}, "answer"));
      pane.appendChild(
        entry.response === undefined ? el("p", { class: "muted" }, "no answer") : jsonTree(entry.response),
      );
      break;
    case "notification":
    case "orphan-response":
    case "invalid":
      pane.appendChild(el("h3", {}, "message"));
      pane.appendChild(jsonTree(entry.message));
      break;
    case "stderr":
    case "raw":
      pane.appendChild(el("pre", { class: "text-line" }, entry.text));
      break;
    case "http":
      break;
  }
}
