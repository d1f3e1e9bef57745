/**
 * The filter language of the viewer, `export --filter` and `check --filter`: whitespace-separated tokens, all of
 * which an entry must match (AND). `key:value` tokens test one fact of a timeline entry (`tool:`, `method:`, `id:`,
 * `task:`, `dir:`, `kind:`, `status:`); any other token is free text, looked for in the entry's method, tool, id and
 * payload. A leading `-` negates a token; double quotes keep spaces inside one. Values match whole and without case,
 * `*` standing for any run of characters. This module is plain data in, booleans out: the page bundles it as is.
 */
import type { SessionAnalysis, TimelineEntry } from "@mcp-conf/analysis";

export const FILTER_KEYS = ["tool", "method", "id", "task", "dir", "kind", "status"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** `dir:` values. */
export const FILTER_DIRECTIONS = { c2s: "client-to-server", s2c: "server-to-client" } as const;
/** `kind:` values and what each keeps. */
export const FILTER_KINDS: Record<string, string> = {
  req: "requests (every call)",
  resp: "answers: answered calls and answers to no request",
  notify: "notifications",
  stderr: "the server's stderr lines",
  invalid: "messages that are not JSON-RPC, and lines that are not JSON",
  http: "HTTP frames without a JSON-RPC body (a 202, a 401 …)",
};
/** `status:` values and what each keeps (and any three-digit HTTP status). */
export const FILTER_STATUSES: Record<string, string> = {
  ok: "calls answered with a result",
  error: "calls answered with a JSON-RPC error or a tool error (isError)",
  err: "anything that went wrong: error, tool error, refused, HTTP 4xx/5xx, invalid",
  cancel: "cancelled calls (answered late or not) and the notifications/cancelled",
  cancelled: "calls cancelled and never answered",
  late: "answers that came after their cancellation",
  pending: "calls not answered (yet)",
  refused: "calls whose HTTP POST was refused without a JSON-RPC answer",
  bad: "entries with a failed requirement",
  warn: "entries with a warning",
  mismatch: "answers to no open request, duplicate or reused ids",
};

export interface FilterTerm {
  key: FilterKey | "text";
  /** Lower-cased. */
  value: string;
  negate: boolean;
}

export interface ParsedFilter {
  terms: FilterTerm[];
}

/** A filter that does not parse: the message is one line, fit for a user. */
export class FilterSyntaxError extends Error {}

/** Splits and checks a filter expression. Throws FilterSyntaxError. */
export function parseFilter(text: string): ParsedFilter {
  const terms: FilterTerm[] = [];
  for (const token of tokens(text)) {
    let body = token.text;
    let negate = false;
    if (!token.quoted && body.startsWith("-") && body.length > 1) {
      negate = true;
      body = body.slice(1);
    }
    const colon = token.quoted ? -1 : body.indexOf(":");
    const key = colon > 0 ? body.slice(0, colon).toLowerCase() : "";
    if (!(FILTER_KEYS as readonly string[]).includes(key)) {
      terms.push({ key: "text", value: body.toLowerCase(), negate });
      continue;
    }
    const value = unquote(body.slice(colon + 1)).toLowerCase();
    if (value === "") throw new FilterSyntaxError(`${key}: needs a value (as in ${key}:${example(key as FilterKey)})`);
    checkValue(key as FilterKey, value);
    terms.push({ key: key as FilterKey, value, negate });
  }
  return { terms };
}

function example(key: FilterKey): string {
  return { tool: "echo", method: "tools/call", id: "7", task: "t-1", dir: "c2s", kind: "req", status: "error" }[key];
}

function checkValue(key: FilterKey, value: string): void {
  if (key === "dir" && !(value in FILTER_DIRECTIONS)) throw new FilterSyntaxError(`dir: is c2s or s2c, not ${value}`);
  if (key === "kind" && !(value in FILTER_KINDS)) {
    throw new FilterSyntaxError(`kind: is one of ${Object.keys(FILTER_KINDS).join(", ")}, not ${value}`);
  }
  if (key === "status" && !(value in FILTER_STATUSES) && !/^[1-5]\d\d$/.test(value) && value !== "tool-error") {
    throw new FilterSyntaxError(
      `status: is one of ${Object.keys(FILTER_STATUSES).join(", ")} or an HTTP status (401), not ${value}`,
    );
  }
}

function* tokens(text: string): Generator<{ text: string; quoted: boolean }> {
  const pattern = /"([^"]*)"?|(?:[^\s"]+(?:"[^"]*"?)?)+/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) yield { text: match[1], quoted: true };
    else yield { text: match[0], quoted: false };
  }
}

function unquote(value: string): string {
  return value.replace(/"/g, "");
}

/** What matching needs beyond the entry: the findings placed on it, and the seqs of pairing problems. */
export interface FilterContext {
  /** The outcomes ("fail", "warn") of the findings placed on the entry. */
  outcomes(entry: TimelineEntry): readonly string[];
  /** The seqs a pairing problem (duplicate id, answer to nothing, null id) points at. */
  mismatchSeqs: ReadonlySet<number>;
  /** The entry's free text, lower-cased (a page caches it). */
  text(entry: TimelineEntry): string;
}

/** The free text of an entry: its label words, id and payload, lower-cased. */
export function entryText(entry: TimelineEntry): string {
  const parts: unknown[] = [entry.kind, entry.seq];
  switch (entry.kind) {
    case "call":
      parts.push(entry.method, entry.target, entry.id, entry.request, entry.response);
      break;
    case "notification":
      parts.push(entry.method, entry.message);
      break;
    case "orphan-response":
    case "invalid":
      parts.push(entry.message);
      break;
    case "stderr":
    case "raw":
      parts.push(entry.text);
      break;
    case "http":
      parts.push(entry.status, entry.requestMethod, entry.path);
      break;
  }
  return parts
    .filter((part) => part !== undefined)
    .map((part) => (typeof part === "string" ? part : JSON.stringify(part)))
    .join(" ")
    .toLowerCase();
}

/** The context of a whole analysis and its findings (what `export` and `check` use; the page keeps its own). */
export function filterContext(
  analysis: Pick<SessionAnalysis, "timeline" | "losses">,
  findings: readonly { seq?: number; outcome: string }[],
): FilterContext {
  const outcomesBySeq = new Map<number, string[]>();
  for (const finding of findings) {
    if (finding.seq === undefined) continue;
    outcomesBySeq.set(finding.seq, [...(outcomesBySeq.get(finding.seq) ?? []), finding.outcome]);
  }
  return {
    outcomes: (entry) => [
      ...(outcomesBySeq.get(entry.seq) ?? []),
      ...(entry.kind === "call" && entry.responseSeq !== undefined ? (outcomesBySeq.get(entry.responseSeq) ?? []) : []),
    ],
    mismatchSeqs: new Set(analysis.losses.correlationIssues.map((issue) => issue.seq)),
    text: entryText,
  };
}

/** The entries of `timeline` the filter keeps, in order. */
export function filterTimeline(
  filter: ParsedFilter,
  timeline: readonly TimelineEntry[],
  context: FilterContext,
): TimelineEntry[] {
  const related = relatedIds(filter, timeline);
  return timeline.filter((entry) => entry && matchesFilter(filter, entry, context, related));
}

/**
 * For `id:` terms, what continues a call besides its own entries: the progress tokens of the calls with that id, so
 * their notifications/progress match too. Computed once per filtering.
 */
export function relatedIds(filter: ParsedFilter, timeline: readonly TimelineEntry[]): Map<string, Set<string>> {
  const related = new Map<string, Set<string>>();
  for (const term of filter.terms) {
    if (term.key !== "id" || related.has(term.value)) continue;
    const tokens = new Set<string>();
    for (const entry of timeline) {
      if (entry?.kind !== "call" || !glob(term.value, String(entry.id))) continue;
      const token = progressToken(entry.request);
      if (token !== undefined) tokens.add(token);
    }
    related.set(term.value, tokens);
  }
  return related;
}

/** Whether one entry passes every term. */
export function matchesFilter(
  filter: ParsedFilter,
  entry: TimelineEntry,
  context: FilterContext,
  related: Map<string, Set<string>> = new Map(),
): boolean {
  for (const term of filter.terms) {
    if (matchesTerm(term, entry, context, related) === term.negate) return false;
  }
  return true;
}

function matchesTerm(
  term: FilterTerm,
  entry: TimelineEntry,
  context: FilterContext,
  related: Map<string, Set<string>>,
): boolean {
  const { value } = term;
  switch (term.key) {
    case "text":
      return context.text(entry).includes(value);
    case "tool":
      return entry.kind === "call" && entry.method === "tools/call" && glob(value, entry.target ?? "");
    case "method":
      return (entry.kind === "call" || entry.kind === "notification") && glob(value, entry.method);
    case "dir":
      return entry.direction === FILTER_DIRECTIONS[value as keyof typeof FILTER_DIRECTIONS];
    case "kind":
      return kindMatches(value, entry);
    case "status":
      return statusMatches(value, entry, context);
    case "id":
      return idMatches(value, entry, related.get(value));
    case "task":
      return taskIds(entry).some((id) => glob(value, id));
  }
}

function kindMatches(kind: string, entry: TimelineEntry): boolean {
  switch (kind) {
    case "req":
      return entry.kind === "call";
    case "resp":
      return (entry.kind === "call" && entry.response !== undefined) || entry.kind === "orphan-response";
    case "notify":
      return entry.kind === "notification";
    case "stderr":
      return entry.kind === "stderr";
    case "invalid":
      return entry.kind === "invalid" || entry.kind === "raw";
    default:
      return entry.kind === "http";
  }
}

function statusMatches(status: string, entry: TimelineEntry, context: FilterContext): boolean {
  const call = entry.kind === "call" ? entry : undefined;
  if (/^\d{3}$/.test(status)) return httpStatusOf(entry) === Number(status);
  switch (status) {
    case "ok":
    case "pending":
    case "cancelled":
    case "refused":
    case "tool-error":
      return call?.status === status;
    case "late":
      return call?.status === "late-result";
    case "error":
      return call?.status === "error" || call?.status === "tool-error";
    case "err": {
      if (call) return ["error", "tool-error", "refused"].includes(call.status) || (httpStatusOf(call) ?? 0) >= 400;
      return entry.kind === "invalid" || entry.kind === "raw" || (entry.kind === "http" && entry.status >= 400);
    }
    case "cancel":
      return (
        call?.cancelledSeq !== undefined ||
        (entry.kind === "notification" && entry.method === "notifications/cancelled")
      );
    case "bad":
      return context.outcomes(entry).includes("fail");
    case "warn":
      return context.outcomes(entry).includes("warn");
    default: {
      // mismatch
      if (entry.kind === "orphan-response" || context.mismatchSeqs.has(entry.seq)) return true;
      return call?.responseSeq !== undefined && context.mismatchSeqs.has(call.responseSeq);
    }
  }
}

/** The HTTP status an entry carries: a frame's own, a refused call's, or the status of the response a call got. */
export function httpStatusOf(entry: TimelineEntry): number | undefined {
  if (entry.kind === "http") return entry.status;
  if (entry.kind !== "call") return undefined;
  return entry.httpStatus ?? entry.http?.status;
}

function idMatches(value: string, entry: TimelineEntry, tokens: Set<string> | undefined): boolean {
  if (entry.kind === "call") return glob(value, String(entry.id));
  if (entry.kind === "orphan-response") return glob(value, String(field(entry.message, "id") ?? ""));
  if (entry.kind !== "notification") return false;
  const params = field(entry.message, "params");
  const requestId = field(params, "requestId");
  if (requestId !== undefined && glob(value, String(requestId))) return true;
  const token = field(params, "progressToken");
  return entry.method === "notifications/progress" && token !== undefined && !!tokens?.has(String(token));
}

function progressToken(request: unknown): string | undefined {
  const token = field(field(field(request, "params"), "_meta"), "progressToken");
  return token === undefined ? undefined : String(token);
}

const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** The task ids an entry names: a task a request creates or asks about, a task result's, a status notification's. */
export function taskIds(entry: TimelineEntry): string[] {
  const messages =
    entry.kind === "call"
      ? [entry.request, entry.response]
      : entry.kind === "notification" || entry.kind === "orphan-response"
        ? [entry.message]
        : [];
  const ids: string[] = [];
  for (const message of messages) {
    for (const part of [field(message, "params"), field(message, "result")]) {
      for (const id of [
        field(part, "taskId"),
        field(field(part, "task"), "taskId"),
        field(field(field(part, "_meta"), RELATED_TASK), "taskId"),
      ]) {
        if (typeof id === "string" && !ids.includes(id)) ids.push(id);
      }
    }
  }
  return ids;
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** Whole-value, case-blind match; `*` is any run of characters. `pattern` is already lower-case. */
function glob(pattern: string, text: string): boolean {
  const lower = text.toLowerCase();
  if (!pattern.includes("*")) return lower === pattern;
  const parts = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(lower);
}
