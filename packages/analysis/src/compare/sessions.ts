/**
 * Two analysed sessions compared (`mcp-conf diff A B`): the definitions each kind added, removed and changed field
 * by field; the server's identity, capabilities and the protocol version; the calls whose status changed or that
 * became notably slower or faster. `regressions` counts what a CI gate should stop on: a tool or prompt removed or
 * changed (an icon alone is only how it looks), a call that was ok and is not, a call notably slower, a server
 * capability withdrawn. Additions, fixes and speed-ups are reported and never counted.
 */
import type { CallEntry, Definitions, SessionAnalysis } from "../model.js";
import { type CallsComparison, compareCalls, DEFAULT_DURATION_THRESHOLDS, type DurationThresholds } from "./calls.js";
import { compareDefinitions, DEFINITION_KINDS, type DefinitionChange, type DefinitionsDiff } from "./definitions.js";
import { diffJson, type FieldChange } from "./json-diff.js";

/** Which session a side is: enough to name it in a report. */
export interface ComparedSession {
  label?: string;
  id?: string;
  start?: string;
  server?: string;
}

export interface SessionComparison {
  before: ComparedSession;
  after: ComparedSession;
  /** The protocol version each session settled on (negotiated, or the stateless era's). */
  protocol: { before?: string; after?: string; changed: boolean };
  /** The server's `serverInfo`, field by field. */
  serverInfo: FieldChange[];
  capabilities: { server: FieldChange[]; client: FieldChange[] };
  definitions: Record<keyof Definitions, DefinitionsDiff>;
  calls: CallsComparison;
  /** How many of the changes above are regressions (see the module comment). */
  regressions: number;
}

export interface CompareOptions {
  durations?: Partial<DurationThresholds>;
}

/** Compares an earlier session with a later one. */
export function compareSessions(
  before: SessionAnalysis,
  after: SessionAnalysis,
  options: CompareOptions = {},
): SessionComparison {
  const definitions = {} as Record<keyof Definitions, DefinitionsDiff>;
  for (const kind of DEFINITION_KINDS) {
    definitions[kind] = compareDefinitions(kind, before.definitions[kind], after.definitions[kind]);
  }
  const versionOf = (analysis: SessionAnalysis) => analysis.protocol.negotiated ?? analysis.protocol.stateless;
  const protocol: SessionComparison["protocol"] = { changed: versionOf(before) !== versionOf(after) };
  if (versionOf(before) !== undefined) protocol.before = versionOf(before)!;
  if (versionOf(after) !== undefined) protocol.after = versionOf(after)!;
  const comparison: SessionComparison = {
    before: describeSession(before),
    after: describeSession(after),
    protocol,
    serverInfo: diffJson(before.peers.server ?? {}, after.peers.server ?? {}),
    capabilities: {
      server: diffJson(before.capabilities.server ?? {}, after.capabilities.server ?? {}),
      client: diffJson(before.capabilities.client ?? {}, after.capabilities.client ?? {}),
    },
    definitions,
    calls: compareCalls(callsOf(before), callsOf(after), { ...DEFAULT_DURATION_THRESHOLDS, ...options.durations }),
    regressions: 0,
  };
  comparison.regressions = countRegressions(comparison);
  return comparison;
}

/** Whether a definition change alters what the definition does, not only how it looks (its icons). */
export function changesBehaviour(change: DefinitionChange): boolean {
  return change.fields.some((field) => !/^\/icons(\/|$)/.test(field.path));
}

function countRegressions(comparison: SessionComparison): number {
  let count = 0;
  for (const kind of ["tools", "prompts"] as const) {
    const diff = comparison.definitions[kind];
    count += diff.removed.length + diff.changed.filter(changesBehaviour).length;
  }
  count += comparison.calls.statusChanged.filter((change) => change.worse).length;
  count += comparison.calls.slower.length;
  count += comparison.capabilities.server.filter((field) => field.change === "removed").length;
  return count;
}

function callsOf(analysis: SessionAnalysis): CallEntry[] {
  return analysis.timeline.filter((entry): entry is CallEntry => entry.kind === "call");
}

/** Which session an analysis is: its label, recorder session id, start, and server name and version. */
export function describeSession(analysis: SessionAnalysis): ComparedSession {
  const out: ComparedSession = {};
  if (analysis.session.label !== undefined) out.label = analysis.session.label;
  if (analysis.session.id !== undefined) out.id = analysis.session.id;
  if (analysis.session.start !== undefined) out.start = analysis.session.start;
  const server = analysis.peers.server;
  if (server && typeof server.name === "string") {
    out.server = typeof server.version === "string" ? `${server.name} ${server.version}` : server.name;
  }
  return out;
}
