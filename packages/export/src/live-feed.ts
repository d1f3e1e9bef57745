/**
 * What the live view shows of a running session: an Analyzer fed the recorded events (from an off-path sink, like
 * the live judge), the live judge's findings as they come, and the report's judgement at the end. The viewer server
 * takes an update from it a few times a second; nothing here waits or throws on the session's path.
 */
import { Analyzer, type SessionAnalysis, type TimelineEntry } from "@mcp-conf/analysis";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { findingsOfReport, loadRegistry, type Report } from "@mcp-conf/validator";
import type { ExportFinding, Judgement, PageData } from "./document.js";

export interface LiveUpdate {
  entries: TimelineEntry[];
  analysis: Omit<SessionAnalysis, "timeline">;
  findings: ExportFinding[];
}

export class LiveFeed {
  private readonly analyzer = new Analyzer();
  private readonly findings: ExportFinding[] = [];
  private sentFindings = 0;
  private moved = false;
  judgement: Judgement | undefined;

  /** Hands over one recorded event. */
  observe(event: TraceEvent): void {
    this.analyzer.observe(event);
    this.moved = true;
  }

  /** Findings the live judge printed. */
  addFindings(findings: readonly ExportFinding[]): void {
    this.findings.push(...findings);
    if (findings.length > 0) this.moved = true;
  }

  /** The session is over: pending requests settle, and the report's judgement is final. */
  end(judgement: Judgement): void {
    this.analyzer.finish();
    this.judgement = judgement;
    this.moved = true;
  }

  /** Everything so far, for a page that (re)connects. */
  pageData(): PageData {
    const data: PageData = { analysis: this.analyzer.snapshot(), findings: [...this.findings] };
    if (this.judgement) data.judgement = this.judgement;
    return data;
  }

  /** What changed since the last update, or undefined when nothing did. */
  takeUpdate(): LiveUpdate | undefined {
    if (!this.moved) return undefined;
    this.moved = false;
    const entries = this.analyzer.takeChanged();
    const { timeline: _timeline, ...analysis } = this.analyzer.snapshot();
    const findings = this.findings.slice(this.sentFindings);
    this.sentFindings = this.findings.length;
    return { entries, analysis, findings };
  }
}

/** The judgement a finished live judge gives: the report's verdict and all its findings, or why there is none. */
export function liveJudgement(summary: { report?: Report; error?: string }): Judgement {
  const report = summary.report;
  if (!report) return { error: summary.error ?? "the session could not be judged" };
  return {
    revision: report.revision,
    verdict: report.verdict,
    totals: report.totals,
    findings: findingsOfReport(report, loadRegistry(report.revision)),
  };
}
