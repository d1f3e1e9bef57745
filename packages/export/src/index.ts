/**
 * @mcp-conf/export: a recorded or running MCP session as a JSON document (the analysis model plus the validator's
 * findings), a terminal-safe text transcript, HAR 1.2, and a self-contained HTML viewer; and the server of the
 * live view. `mcp-conf export` and `mcp-conf open` are this package behind the command line.
 */

/** One pass over a trace: the analysis, the judgement and (for HAR) the HTTP pairing. */
/** A viewer's address handed to a browser through a private page, never on a command line (`open --browser`). */
export { browserCommand, handOverPage, launchBrowser } from "./browser.js";
export { type Collected, type CollectOptions, collectSession } from "./collect.js";
/** The JSON export: its type, how it is built, and how it is written. */
export {
  type ExportDocument,
  type ExportFinding,
  filterDocument,
  type Judgement,
  type PageData,
  renderJson,
} from "./document.js";
/** A trace exported in one call: json, text, html, har or jsonl, redacted as it is read when asked. */
export { EXPORT_FORMATS, type ExportFormat, type ExportTraceOptions, exportTrace } from "./export-trace.js";
/** The filter language of the viewer, `export --filter` and `check --filter`. */
export {
  entryText,
  FILTER_KEYS,
  FILTER_KINDS,
  FILTER_STATUSES,
  type FilterContext,
  FilterSyntaxError,
  type FilterTerm,
  filterContext,
  filterTimeline,
  matchesFilter,
  type ParsedFilter,
  parseFilter,
} from "./filter.js";
/** The self-contained HTML viewer (one renderer for the export, the live view and the hub's list of sessions). */
export { type HtmlOptions, renderHtml, renderHubHtml } from "./html.js";
/**
 * The hub over a directory of traces, some still being written: a store to list them, one incremental follower per
 * running session's page on the judge the host gives, and its server (`serveHub`).
 */
export { DirectoryHub, type DirectoryHubOptions, type HubStore, isRunning } from "./hub/directory-hub.js";
export { endsTrace, type FollowOptions, TraceFollower } from "./hub/follower.js";
export { GrowingTrace, type GrowingTraceOptions } from "./hub/growing-trace.js";
export { inlineJudge, type JudgeFactory, type SessionJudge, type SessionJudgeOptions } from "./hub/judge.js";
export { type ServedHub, type ServeHubOptions, serveHub } from "./hub/serve-hub.js";
/** What the viewer server asks of a hub of many sessions (`mcp-conf open` with no TRACE). */
export type { HubList, HubSession, SessionHub, SessionView } from "./hub.js";
/** The live view's feed of a running session, and the loopback server of the viewer (live or recorded). */
export { LiveFeed, type LiveUpdate, liveJudgement } from "./live-feed.js";
/** `watch --ui`: the live view served on 127.0.0.1, following the latest session, fed as a live judge's output. */
export { type LiveView, type LiveViewOptions, type LiveViewOutput, startLiveView } from "./live-view.js";
/** Replay of a recorded request against the live server, in a session of its own (`watch --ui`). */
export { type Replayer, type ReplayTarget, replayerFor } from "./replay.js";
/** Recorded sessions as `mcp-conf sessions ls` and `show` print them: a table, one session's facts, and JSON. */
export {
  humanDuration,
  renderSessionJson,
  renderSessionList,
  renderSessionListJson,
  renderSessionText,
} from "./session-render.js";
/** What a list of recorded sessions says of one: label, start, duration, exchanges, verdict (or why none). */
export {
  probeLinksOf,
  type SessionFile,
  type SessionSummary,
  summarizeSession,
  summarizeSessions,
} from "./session-summary.js";
/** The text transcript, terminal-safe. */
export { renderText } from "./text.js";
export { ViewerServer, type ViewerServerOptions, type ViewerSource } from "./viewer-server.js";
