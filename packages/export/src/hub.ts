/**
 * The hub: what the viewer server needs to serve many sessions at once (`mcp-conf open` with no TRACE) — a list of
 * sessions that changes as they are recorded, and each session's page, recorded (an export document) or running (a
 * live feed). Where the sessions come from (the state directory) is the caller's business; the server only asks.
 */
import type { ExportDocument } from "./document.js";
import type { LiveFeed } from "./live-feed.js";

/** One session as the hub's list shows it. Everything but `running` comes from the trace: untrusted. */
export interface HubSession {
  id: string;
  label?: string;
  start?: string;
  /** When the trace was last written. */
  modified: string;
  durationMs?: number;
  /** Calls and notifications so far. */
  exchanges?: number;
  /** The validator's verdict; `running` while the trace has no end; or why there is none (`malformed` …). */
  verdict: string;
  /** The trace has no end yet: its recorder is still writing it (or was killed before it could end it). */
  running: boolean;
  /** The id of this session's probe, whose declaration it was judged with. */
  probe?: string;
  /** The id of the session this one is the probe of. */
  probeOf?: string;
}

export interface HubList {
  /** Where the sessions are, as the page says it. */
  directory: string;
  /** Newest first. */
  sessions: HubSession[];
}

/** A session's page: recorded, or running (followed live). */
export type SessionView = { document: ExportDocument } | { feed: LiveFeed };

export interface SessionHub {
  /** The list as it stands, and a number that changes whenever the list does. */
  list(): { version: number; list: HubList };
  /** The page of the session `id`, or undefined when there is none by that id. */
  view(id: string): Promise<SessionView | undefined>;
  /** Deletes the session `id` (the page asks the user first); resolves to why not, or undefined once deleted. */
  delete?(id: string): Promise<string | undefined>;
}
