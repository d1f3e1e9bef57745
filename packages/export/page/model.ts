/**
 * The page's view of a session: the export document, the findings placed at the timeline entry they point to, and
 * the filters. Live updates replace entries by index and findings by key; everything derived is recomputed lazily.
 */
import type { CallEntry, SessionAnalysis, TimelineEntry } from "@mcp-conf/analysis";
import type { ExportFinding, Judgement, PageData } from "../src/document.js";
import {
  entryText,
  type FilterContext,
  FilterSyntaxError,
  matchesFilter,
  type ParsedFilter,
  parseFilter,
  relatedIds,
} from "../src/filter.js";

export type { PageData };

export interface Filters {
  search: string;
  method: string;
  tool: string;
  status: string;
  level: string;
  side: string;
}

export const NO_FILTERS: Filters = { search: "", method: "", tool: "", status: "", level: "", side: "" };

export class PageModel {
  analysis: SessionAnalysis;
  judgement: Judgement | undefined;
  findings: ExportFinding[] = [];
  /** Findings by the timeline index of the entry they point at. */
  findingsAt = new Map<number, ExportFinding[]>();
  /** Findings that point at no entry (a whole-session finding, or an event the timeline does not show). */
  unplaced: ExportFinding[] = [];
  private haystacks: (string | undefined)[] = [];
  private readonly findingKeys = new Set<string>();

  constructor(data: PageData) {
    this.analysis = data.analysis;
    this.load(data);
  }

  /** Replaces everything with `data`. */
  load(data: PageData): void {
    this.analysis = data.analysis;
    this.haystacks = [];
    this.setJudgement(data.judgement);
    if (data.findings) this.addFindings(data.findings);
  }

  get timeline(): TimelineEntry[] {
    return this.analysis.timeline;
  }

  setJudgement(judgement: Judgement | undefined): void {
    this.judgement = judgement;
    this.findings = [];
    this.findingKeys.clear();
    if (judgement && !("error" in judgement)) this.addFindings(judgement.findings);
    else this.place();
  }

  /** Adds live findings (each once). */
  addFindings(findings: ExportFinding[]): void {
    for (const finding of findings) {
      const key = `${finding.requirement}\u0000${finding.check}\u0000${finding.seq ?? ""}\u0000${finding.detail}`;
      if (this.findingKeys.has(key)) continue;
      this.findingKeys.add(key);
      this.findings.push(finding);
    }
    this.place();
  }

  /** Puts entries in place by index (new ones appended). */
  updateEntries(entries: TimelineEntry[]): void {
    for (const entry of entries) {
      this.analysis.timeline[entry.index] = entry;
      this.haystacks[entry.index] = undefined;
    }
    this.place();
  }

  place(): void {
    const indexOfSeq = new Map<number, number>();
    for (const entry of this.timeline) {
      if (!entry) continue;
      if (!indexOfSeq.has(entry.seq)) indexOfSeq.set(entry.seq, entry.index);
      if (entry.kind === "call" && entry.responseSeq !== undefined) indexOfSeq.set(entry.responseSeq, entry.index);
    }
    this.findingsAt = new Map();
    this.unplaced = [];
    for (const finding of this.findings) {
      const index = finding.seq === undefined ? undefined : indexOfSeq.get(finding.seq);
      if (index === undefined) this.unplaced.push(finding);
      else this.findingsAt.set(index, [...(this.findingsAt.get(index) ?? []), finding]);
    }
  }

  /** The indexes of the entries the filters keep, in order; or why the search box's filter does not parse. */
  filter(filters: Filters): { indexes: number[]; error?: string } {
    let parsed: ParsedFilter;
    try {
      parsed = parseFilter(filters.search);
    } catch (error) {
      if (!(error instanceof FilterSyntaxError)) throw error;
      return { indexes: [], error: error.message };
    }
    const context = this.filterContext();
    const related = relatedIds(parsed, this.timeline);
    const out: number[] = [];
    for (const entry of this.timeline) {
      if (!entry) continue;
      if (filters.side && entry.direction !== filters.side) continue;
      if (filters.method && methodOf(entry) !== filters.method) continue;
      if (filters.tool && !(entry.kind === "call" && entry.method === "tools/call" && entry.target === filters.tool)) {
        continue;
      }
      if (filters.status && statusOf(entry) !== filters.status) continue;
      if (filters.level) {
        const here = this.findingsAt.get(entry.index) ?? [];
        if (filters.level === "any" ? here.length === 0 : !here.some((f) => f.outcome === filters.level)) continue;
      }
      if (!matchesFilter(parsed, entry, context, related)) continue;
      out.push(entry.index);
    }
    return { indexes: out };
  }

  private filterContext(): FilterContext {
    return {
      outcomes: (entry) => (this.findingsAt.get(entry.index) ?? []).map((f) => f.outcome),
      mismatchSeqs: new Set(this.analysis.losses.correlationIssues.map((issue) => issue.seq)),
      text: (entry) => this.haystack(entry),
    };
  }

  private haystack(entry: TimelineEntry): string {
    let text = this.haystacks[entry.index];
    if (text === undefined) {
      const findings = (this.findingsAt.get(entry.index) ?? []).map((f) => `${f.requirement} ${f.detail}`).join(" ");
      text = `${label(entry).toLowerCase()} ${entryText(entry)} ${findings.toLowerCase()}`;
      this.haystacks[entry.index] = text;
    }
    return text;
  }
}

export function methodOf(entry: TimelineEntry): string | undefined {
  return entry.kind === "call" || entry.kind === "notification" ? entry.method : undefined;
}

/** A call's status; other entries are named by their kind. */
export function statusOf(entry: TimelineEntry): string {
  return entry.kind === "call" ? entry.status : entry.kind;
}

/** The row's text: the method and what it is about, or what the line says. */
export function label(entry: TimelineEntry): string {
  switch (entry.kind) {
    case "call":
      return entry.target === undefined ? entry.method : `${entry.method} ${entry.target}`;
    case "notification":
      return entry.method;
    case "orphan-response":
      return "answer to no open request";
    case "invalid":
      return "not a JSON-RPC message";
    case "stderr":
      return `stderr: ${entry.text}`;
    case "raw":
      return `${entry.truncated ? "truncated line" : "non-JSON line"}: ${entry.text}`;
    case "http":
      return `HTTP ${entry.status}${entry.requestMethod ? ` to ${entry.requestMethod} ${entry.path ?? ""}` : ""}`;
  }
}

export function isCall(entry: TimelineEntry | undefined): entry is CallEntry {
  return entry?.kind === "call";
}
