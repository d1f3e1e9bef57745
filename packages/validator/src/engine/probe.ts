/**
 * A probe session linked to the session that follows it. A 2026-07-28 client on stdio may probe with
 * `server/discover` on a separate, short-lived process started with the same command (the official SDK does), so the
 * session it then runs holds no declaration of the server's: the probe's discover result is that declaration. This
 * module tells a probe session from others, links one to the session it precedes, and reads the server's facts off
 * it for the judge of that session (`JudgeOptions.probe`).
 */

import { Correlator, type SessionFacts, SessionFactsTracker } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";

/** How long after a probe's process opened the session it precedes may open (the probe lasts a moment). */
export const PROBE_LINK_WINDOW_MS = 30_000;

/** The server's facts of a probe session's discover result (none: not a probe answered with a result). */
export type ProbeFacts = Pick<SessionFacts, "serverCapabilities" | "supportedVersions" | "serverInfo">;

/** Whether these are the events of a probe session: stdio, its only requests `server/discover`. */
export function isProbeSession(events: readonly TraceEvent[]): boolean {
  let discover = false;
  for (const event of events) {
    if (event.transport !== "stdio") return false;
    if (event.kind !== "message" || event.direction !== "client-to-server") continue;
    const payload = event.payload;
    if (!isPlainObject(payload) || !("id" in payload)) continue;
    if (payload.method !== "server/discover") return false;
    discover = true;
  }
  return discover;
}

/** The server's declaration a probe session holds: its first `server/discover` result. */
export function probeFacts(events: readonly TraceEvent[]): ProbeFacts | undefined {
  const correlator = new Correlator();
  const tracker = new SessionFactsTracker();
  for (const event of events) {
    tracker.event(event);
    const { messages, exchanges } = correlator.observe(event);
    for (const ref of messages) tracker.message(ref);
    for (const exchange of exchanges) tracker.exchange(exchange);
  }
  const facts = tracker.facts;
  if (facts.discoverResponseSeq === undefined) return undefined;
  return {
    serverCapabilities: facts.serverCapabilities,
    supportedVersions: facts.supportedVersions,
    serverInfo: facts.serverInfo,
  };
}

/** What links two stdio sessions: the command and directory their recorder's `transport-open` names, and its time. */
export interface ProbeOpening {
  key: string;
  at: number;
}

/** The opening of a stdio recording, from its first event (undefined: not a stdio recording's `transport-open`). */
export function openingOf(open: TraceEvent | undefined): ProbeOpening | undefined {
  if (open?.kind !== "lifecycle" || open.event !== "transport-open" || !isPlainObject(open.meta)) return undefined;
  const at = Date.parse(open.ts ?? "");
  if (!Array.isArray(open.meta.command) || Number.isNaN(at)) return undefined;
  return { key: JSON.stringify([open.meta.command, open.meta.cwd ?? null]), at };
}

/**
 * Whether `probe` is the probe of `session`: a probe session whose process was started with the same command in the
 * same directory, opened before the session and at most PROBE_LINK_WINDOW_MS earlier.
 */
export function isProbeOf(probe: readonly TraceEvent[], session: readonly TraceEvent[]): boolean {
  if (!isProbeSession(probe) || isProbeSession(session)) return false;
  const a = openingOf(probe[0]);
  const b = openingOf(session[0]);
  return a !== undefined && b !== undefined && precedes(a, b);
}

/** Whether a recording opened as `probe` did can be the probe of one opened as `session` did. */
export function precedes(probe: ProbeOpening, session: ProbeOpening): boolean {
  return probe.key === session.key && probe.at <= session.at && session.at - probe.at <= PROBE_LINK_WINDOW_MS;
}
