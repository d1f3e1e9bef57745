/**
 * One trace, read once: every event goes to the analysis model, the validator's judge and (when asked) a secret
 * scanner; the signals are read off what they found. A caller may run it on worker threads for several traces, so
 * its request and result are plain data (the scanner is given beside the request).
 */

import { Analyzer, type CallEntry, type DefinitionsDiff, type SessionAnalysis } from "@mcp-conf/analysis";
import { senderOf } from "@mcp-conf/session";
import { readTraceFile, type TraceEvent, traceReadProblem } from "@mcp-conf/trace-format";
import { type Actor, createJudge, type Report, RevisionError } from "@mcp-conf/validator";
import { driftAgainstBaseline } from "../baseline/drift.js";
import { GateError, isGateError } from "../errors.js";
import { evaluateSignals, type HitOwner, type SecretFound, type Signal, type SignalHit } from "./signals.js";

export interface InspectRequest {
  trace: string;
  signals: Signal[];
  actor: Actor;
  revision?: string;
  maxDurationMs?: number;
  /** The reader's event limit (`--max-events`; default none). */
  maxEvents?: number;
  expectTools: string[];
  forbidTools: string[];
  /** `--baseline DIR` and `--label L`, for the drift signal. */
  baseline?: { directory?: string; label?: string };
}

export interface InspectResult {
  trace: string;
  /** The report's verdict; absent when the trace could not be judged. */
  verdict?: Report["verdict"];
  /** The 1-based line of each event seq that a hit names (for SARIF locations). */
  lines?: Record<number, number>;
  hits: SignalHit[];
  /** What the check did beside judging, in one line each (the first sight of a label's tools became its baseline). */
  notes?: string[];
  /**
   * Why the clause signals (fail, warn, invalid's and deprecated's findings) were not judged: the session declares no
   * revision because every request was refused before a handshake. The refusals are still the error signal's hits.
   */
  unjudged?: string;
  /**
   * Why the trace was not judged, in one line: `malformed` (the trace breaks the format), else `usage` (an unreadable
   * file, an unknown revision, a missing baseline or label).
   */
  problem?: { message: string; kind: "usage" | "malformed" };
}

export interface InspectOptions {
  /** The secret scanner the `secret` signal reads (the recorder's `scanEventForSecrets`); without one it finds none. */
  scanSecrets?: (event: TraceEvent) => readonly SecretFound[];
}

/** Reads one trace and returns the hits of the requested signals, or the one-line problem that stopped it. */
export async function inspectTrace(request: InspectRequest, options: InspectOptions = {}): Promise<InspectResult> {
  const { trace } = request;
  const analyzer = new Analyzer();
  const scanSecrets = request.signals.includes("secret") ? options.scanSecrets : undefined;
  const secrets: (SecretFound & { owner: HitOwner })[] = [];
  const lineOfSeq = new Map<number, number>();
  try {
    const judge = createJudge(
      request.revision === undefined ? { actor: request.actor } : { revision: request.revision, actor: request.actor },
    );
    for await (const event of readTraceFile(trace, {
      lineOfSeq,
      ...(request.maxEvents === undefined ? {} : { maxEvents: request.maxEvents }),
    })) {
      analyzer.observe(event);
      judge.observe(event);
      if (scanSecrets) {
        const owner = senderOf(event.direction);
        for (const found of scanSecrets(event)) secrets.push({ ...found, owner });
      }
    }
    const analysis = analyzer.finish();
    const notes: string[] = [];
    let report: Report | undefined;
    let unjudged: string | undefined;
    try {
      report = judge.finish();
    } catch (error) {
      unjudged = refusedBeforeHandshake(analysis, error);
      if (unjudged === undefined) throw error;
    }
    const drift = request.signals.includes("drift") ? driftOf(analysis, request.baseline ?? {}, notes) : undefined;
    const hits = evaluateSignals(new Set(request.signals), {
      analysis,
      ...(report === undefined ? {} : { report }),
      secrets,
      ...(drift === undefined ? {} : { drift }),
      ...(request.maxDurationMs === undefined ? {} : { maxDurationMs: request.maxDurationMs }),
      expectTools: request.expectTools,
      forbidTools: request.forbidTools,
    });
    const lines: Record<number, number> = {};
    for (const hit of hits) {
      const at = hit.seq === undefined ? undefined : lineOfSeq.get(hit.seq);
      if (at !== undefined) lines[hit.seq!] = at;
    }
    return {
      trace,
      ...(report === undefined ? {} : { verdict: report.verdict }),
      lines,
      hits,
      ...(notes.length > 0 ? { notes } : {}),
      ...(unjudged === undefined ? {} : { unjudged }),
    };
  } catch (error) {
    return { trace, hits: [], problem: problemOf(trace, error) };
  }
}

/**
 * The tools' drift from the label's baseline. Trust on first use: with no baseline yet, this trace's tools become it
 * (said in a note) and there is nothing to drift from.
 */
function driftOf(
  analysis: SessionAnalysis,
  options: { directory?: string; label?: string },
  notes: string[],
): DefinitionsDiff | undefined {
  const outcome = driftAgainstBaseline(analysis, options);
  switch (outcome.status) {
    case "drift":
      return outcome.changes;
    case "recorded":
      notes.push(
        `check: drift: no baseline for ${JSON.stringify(outcome.label)} yet; this trace's ${outcome.tools} tool(s) are now its baseline (${outcome.path})`,
      );
      return undefined;
    case "same":
    case "no-tools":
      return undefined;
    case "no-label":
      throw new GateError("check: the drift signal needs a server label; the trace records none (give --label)");
    case "no-baseline":
      throw new GateError(
        `check: no baseline for ${JSON.stringify(outcome.label)} in ${outcome.path}; record one with mcp-conf baseline TRACE`,
      );
  }
}

/**
 * Why a trace with no revision is still worth a check: it declares none because the server refused every request
 * before any handshake (HTTP 401, 403, 400, …) — the refusals are the finding, not a usage problem. Undefined otherwise.
 */
function refusedBeforeHandshake(analysis: SessionAnalysis, error: unknown): string | undefined {
  if (!(error instanceof RevisionError) || error.problem !== "undeclared") return undefined;
  const calls = analysis.timeline.filter((entry): entry is CallEntry => entry.kind === "call");
  const refused = calls.filter((call) => call.status === "refused");
  if (refused.length === 0 || refused.length !== calls.length) return undefined;
  const byStatus = new Map<number, number>();
  for (const call of refused) byStatus.set(call.httpStatus ?? 0, (byStatus.get(call.httpStatus ?? 0) ?? 0) + 1);
  const statuses = [...byStatus].map(([status, count]) => `HTTP ${status} x${count}`).join(", ");
  return `every request (${refused.length}) was refused before any handshake (${statuses}), so the session declares no protocol revision; pass --revision R to judge what was sent`;
}

function problemOf(trace: string, error: unknown): NonNullable<InspectResult["problem"]> {
  if (error instanceof RevisionError) return { message: `check: ${trace}: ${error.message}`, kind: "usage" };
  if (isGateError(error)) return { message: error.message, kind: "usage" };
  const read = traceReadProblem(trace, error);
  if (read === undefined) throw error;
  return { message: `check: ${read.message}`, kind: read.kind === "malformed" ? "malformed" : "usage" };
}
