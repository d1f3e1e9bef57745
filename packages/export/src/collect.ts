/**
 * One pass over a trace's events feeds everything an export needs: the analyzer, the validator's judge and, for
 * HAR, the HTTP pairing. Events are streamed through, never held by this module (the analysis keeps what it shows).
 */
import { Analyzer, measureContextCost } from "@mcp-conf/analysis";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { type Actor, createJudge, findingsOfReport, type ProbeFacts, RevisionError } from "@mcp-conf/validator";
import { type ExportDocument, exportDocument, type Judgement } from "./document.js";
import { HarBuilder } from "./har.js";

export interface CollectOptions {
  /** Judge at this revision, whatever the trace declares. */
  revision?: string;
  /** Judge only the obligations of this side (default both). */
  actor?: Actor;
  /** Also pair HTTP requests with responses for a HAR export. */
  har?: boolean;
  /** Count the definitions' tokens (default true). */
  contextCost?: boolean;
  /** The server's declaration from the session's probe (a 2026-07-28 stdio client probes on a process of its own). */
  probe?: ProbeFacts;
  /** Applied to every event as it is read, before anything sees it (a recorder's `Redactor.redact`). */
  redact?: (event: TraceEvent) => TraceEvent;
}

export interface Collected {
  document: ExportDocument;
  har?: HarBuilder;
}

/** Reads every event once and builds the export document (and the HAR pairing when asked). */
export async function collectSession(
  events: Iterable<TraceEvent> | AsyncIterable<TraceEvent>,
  options: CollectOptions = {},
): Promise<Collected> {
  const analyzer = new Analyzer();
  const judge = createJudge({
    ...(options.revision === undefined ? {} : { revision: options.revision }),
    ...(options.actor === undefined ? {} : { actor: options.actor }),
    ...(options.probe === undefined ? {} : { probe: options.probe }),
  });
  const har = options.har ? new HarBuilder() : undefined;
  let judgeError: string | undefined;
  for await (const read of events) {
    const event = options.redact ? options.redact(read) : read;
    analyzer.observe(event);
    har?.observe(event);
    if (judgeError !== undefined) continue;
    try {
      judge.observe(event);
    } catch (error) {
      if (!(error instanceof RevisionError)) throw error;
      judgeError = error.message;
    }
  }
  const analysis = analyzer.finish();
  if (options.contextCost !== false)
    analysis.contextCost = await measureContextCost(analysis.definitions, analysis.timeline);
  const judgement = judgeError === undefined ? finishJudging(judge) : { error: judgeError };
  const collected: Collected = { document: exportDocument(analysis, judgement) };
  if (har) collected.har = har;
  return collected;
}

function finishJudging(judge: ReturnType<typeof createJudge>): Judgement {
  try {
    const report = judge.finish();
    const findings = judge.registry ? findingsOfReport(report, judge.registry) : [];
    return { revision: report.revision, verdict: report.verdict, totals: report.totals, findings };
  } catch (error) {
    if (error instanceof RevisionError) return { error: error.message };
    throw error;
  }
}
