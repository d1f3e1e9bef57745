/**
 * What a list of recorded sessions says of one (`mcp-conf sessions ls` and `show`, the hub), read in one pass
 * through the collector (the analysis and the judge): label, start, duration, exchanges, verdict. A trace that cannot
 * be read or judged is summarised with the reason instead of a verdict, so one bad file never hides the others. A
 * stdio session recorded after its client's probe (a 2026-07-28 client probes on a process of its own) is judged with
 * the probe's declaration, and each names the other.
 */
import type { SessionAnalysis } from "@mcp-conf/analysis";
import { isTraceFormatError, readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { type ProbeFacts, ProbeLinker, type ProbeLinks, readProbeFacts } from "@mcp-conf/validator";
import { collectSession } from "./collect.js";
import type { Judgement } from "./document.js";

/** A recorded session's trace file (the shape of @mcp-conf/gate's StoredSession). */
export interface SessionFile {
  id: string;
  path: string;
  /** Last modified, in ms since the epoch. */
  modifiedMs: number;
  bytes: number;
}

export interface SessionSummary {
  id: string;
  path: string;
  bytes: number;
  /** When the trace was last written. */
  modified: string;
  label?: string;
  start?: string;
  durationMs?: number;
  /** Calls and notifications. */
  exchanges?: number;
  /** The validator's verdict, or why there is none (`unreadable`, `malformed`, `too long`, `no revision`). */
  verdict: string;
  /** The reason a trace could not be summarised or judged. */
  problem?: string;
  /** The id of this session's probe, whose declaration it was judged with. */
  probe?: string;
  /** The id of the session this one is the probe of. */
  probeOf?: string;
  analysis?: SessionAnalysis;
  judgement?: Judgement;
}

/**
 * Reads and judges one stored session (from `events` when given, e.g. only the complete lines of a growing trace),
 * with its probe's declaration when it has one.
 */
export async function summarizeSession(
  session: SessionFile,
  events: AsyncIterable<TraceEvent> = readTraceFile(session.path),
  probe?: ProbeFacts,
): Promise<SessionSummary> {
  const summary: SessionSummary = {
    id: session.id,
    path: session.path,
    bytes: session.bytes,
    modified: new Date(session.modifiedMs).toISOString(),
    verdict: "unreadable",
  };
  let collected: Awaited<ReturnType<typeof collectSession>>;
  try {
    collected = await collectSession(events, { contextCost: false, ...(probe ? { probe } : {}) });
  } catch (error) {
    summary.verdict = isTraceFormatError(error) ? "malformed" : "unreadable";
    summary.problem = error instanceof Error ? error.message : String(error);
    // A trace longer than the reader's limit is not broken: it needs a higher --max-events.
    if (isTraceFormatError(error) && error.reason === "too-many-events") {
      summary.verdict = "too long";
      summary.problem = `${summary.problem}: read it with a higher --max-events`;
    }
    return summary;
  }
  const { analysis, judgement } = collected.document;
  summary.analysis = analysis;
  summary.judgement = judgement;
  if (analysis.session.label !== undefined) summary.label = analysis.session.label;
  if (analysis.session.start !== undefined) summary.start = analysis.session.start;
  if (analysis.session.durationMs !== undefined) summary.durationMs = analysis.session.durationMs;
  summary.exchanges = analysis.counts.calls + analysis.counts.notifications;
  if ("error" in judgement) {
    summary.verdict = "no revision";
    summary.problem = judgement.error;
  } else summary.verdict = judgement.verdict;
  return summary;
}

/** The probe ↔ session links of one session among stored ones, by id. */
export function probeLinksOf(
  session: SessionFile,
  links: ProbeLinks,
  idOf: ReadonlyMap<string, string>,
): Pick<SessionSummary, "probe" | "probeOf"> {
  const probe = links.probeOf.get(session.path);
  const follower = links.sessionsOf.get(session.path)?.[0];
  return {
    ...(probe !== undefined && idOf.has(probe) ? { probe: idOf.get(probe) } : {}),
    ...(follower !== undefined && idOf.has(follower) ? { probeOf: idOf.get(follower) } : {}),
  };
}

/**
 * Summarises stored sessions (`sessions ls`, or one for `sessions show` linked `among` the store), in their order,
 * each read through `read`: a session recorded after its probe is judged with the probe's declaration, and each
 * names the other. Of the files linked against, only first lines are read (and a probe whole).
 */
export async function summarizeSessions(
  sessions: readonly SessionFile[],
  read: (session: SessionFile) => AsyncIterable<TraceEvent> = (session) => readTraceFile(session.path),
  among: readonly SessionFile[] = sessions,
): Promise<SessionSummary[]> {
  const links = await new ProbeLinker().link(among);
  const idOf = new Map(among.map((session) => [session.path, session.id]));
  const summaries: SessionSummary[] = [];
  for (const session of sessions) {
    const probePath = links.probeOf.get(session.path);
    const probe = probePath === undefined ? undefined : await readProbeFacts(probePath);
    const summary = await summarizeSession(session, read(session), probe);
    summaries.push(Object.assign(summary, probeLinksOf(session, links, idOf)));
  }
  return summaries;
}
