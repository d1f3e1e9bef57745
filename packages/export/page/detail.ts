/**
 * The detail pane: one timeline entry with its findings (level, requirement, sentence, link), its messages, the HTTP
 * request and response it travelled in, buttons to copy it and (live) to replay it, the replayed answer beside the
 * recorded one.
 */
import type { CallEntry, HttpExchange, TimelineEntry } from "@mcp-conf/analysis";
import type { ExportFinding } from "../src/document.js";
import { exchangeJson } from "./actions.js";
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

export interface DetailActions {
  /** Copies the text, and says so. */
  copy(text: string, what: string): void;
  /** The curl command of a call sent over HTTP. */
  curl(entry: TimelineEntry): string | undefined;
  /** Present in a live view whose server can replay: sends the call's request again. */
  replay?(entry: CallEntry, into: HTMLElement): void;
}

function headersTable(title: string, headers: Record<string, string> | undefined): HTMLElement | null {
  if (!headers || Object.keys(headers).length === 0) return null;
  return el(
    "table",
    { class: "stats headers", "data-headers": title },
    el("caption", {}, title),
    el(
      "tbody",
      {},
      ...Object.entries(headers).map(([name, value]) =>
        el(
          "tr",
          { class: name === "www-authenticate" ? "challenge" : "" },
          el("th", { scope: "row" }, name),
          el("td", {}, value),
        ),
      ),
    ),
  );
}

/** The HTTP request and response an exchange travelled in: method, path, status, headers (WWW-Authenticate shown). */
function httpSection(entry: TimelineEntry): HTMLElement | null {
  const http: HttpExchange | undefined =
    entry.kind === "call"
      ? entry.http
      : entry.kind === "http"
        ? {
            ...(entry.requestMethod === undefined ? {} : { method: entry.requestMethod }),
            ...(entry.path === undefined ? {} : { path: entry.path }),
            ...(entry.requestHeaders === undefined ? {} : { requestHeaders: entry.requestHeaders }),
            status: entry.status,
            ...(entry.headers === undefined ? {} : { responseHeaders: entry.headers }),
          }
        : undefined;
  if (!http) return null;
  const status = entry.kind === "call" ? (entry.httpStatus ?? http.status) : http.status;
  return el(
    "section",
    { class: "http", id: "http" },
    el("h3", {}, "HTTP"),
    el(
      "p",
      { class: "facts" },
      `${http.method ?? "?"} ${http.path ?? ""} → `,
      el("strong", { class: "http-status" }, status === undefined ? "no response" : String(status)),
    ),
    headersTable("request headers", http.requestHeaders),
    headersTable("response headers", http.responseHeaders),
  );
}

function button(id: string, text: string, onClick: () => void): HTMLButtonElement {
  const node = el("button", { type: "button", id, class: "action" }, text);
  node.addEventListener("click", onClick);
  return node;
}

export function renderDetail(
  pane: HTMLElement,
  entry: TimelineEntry | undefined,
  findings: ExportFinding[],
  actions?: DetailActions,
): void {
  clear(pane);
  if (!entry) {
    pane.appendChild(el("p", { class: "muted" }, "Select an exchange (click, or j/k and the arrow keys; ? for help)."));
    return;
  }
  const direction = entry.direction === "client-to-server" ? "client → server" : "server → client";
  pane.appendChild(el("h2", {}, label(entry)));
  const facts: string[] = [`seq ${entry.seq}`, direction];
  if (entry.ts) facts.push(entry.ts);
  if (entry.kind === "call") {
    facts.push(`id ${JSON.stringify(entry.id)}`);
    facts.push(`status ${entry.status}${entry.httpStatus === undefined ? "" : ` (HTTP ${entry.httpStatus})`}`);
    if (entry.latencyMs !== undefined) facts.push(`${entry.latencyMs} ms`);
    if (entry.responseSeq !== undefined) facts.push(`answered at seq ${entry.responseSeq}`);
    if (entry.cancelledSeq !== undefined) facts.push(`cancelled at seq ${entry.cancelledSeq}`);
    if (entry.error?.message !== undefined) facts.push(`error ${entry.error.code ?? ""} ${entry.error.message}`);
  }
  pane.appendChild(el("p", { class: "facts" }, facts.join(" · ")));
  if (actions) {
    const bar = el("div", { class: "actions" });
    bar.appendChild(button("copy-exchange", "copy JSON", () => actions.copy(exchangeJson(entry), "the exchange")));
    if (entry.kind === "call") {
      bar.appendChild(
        button("copy-request", "copy request", () =>
          actions.copy(JSON.stringify(entry.request, null, 2), "the request"),
        ),
      );
      if (entry.response !== undefined) {
        bar.appendChild(
          button("copy-response", "copy answer", () =>
            actions.copy(JSON.stringify(entry.response, null, 2), "the answer"),
          ),
        );
      }
      const curl = actions.curl(entry);
      if (curl !== undefined) bar.appendChild(button("copy-curl", "copy as curl", () => actions.copy(curl, "curl")));
    }
    pane.appendChild(bar);
  }
  for (const finding of findings) pane.appendChild(findingCard(finding));
  const http = httpSection(entry);
  switch (entry.kind) {
    case "call": {
      pane.appendChild(el("h3", {}, "request"));
      pane.appendChild(jsonTree(entry.request));
      const answers = el("div", { class: "answers", id: "answers" });
      answers.appendChild(
        el(
          "div",
          { class: "answer", id: "recorded-answer" },
          el("h3", {}, "answer"),
          entry.response === undefined ? el("p", { class: "muted" }, "no answer") : jsonTree(entry.response),
        ),
      );
      pane.appendChild(answers);
      const replay = actions?.replay;
      if (replay && entry.direction === "client-to-server") {
        const run = button("replay", "replay against the live server", () => replay(entry, answers));
        pane.insertBefore(run, answers);
      }
      if (http) pane.appendChild(http);
      break;
    }
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
      if (http) pane.appendChild(http);
      break;
  }
}
