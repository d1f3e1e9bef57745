/**
 * @mcp-conf/live-judge runs the validator's incremental engine beside a live session, in a worker thread off the
 * wire's path: it reports each finding once, the first time a completed exchange shows it, keeps the tally, and
 * gives the full end-of-session report. If judging falls behind, findings lag and the session does not.
 */

/** The lines a live session prints (seed 000's layout). */
export { formatFinding, formatTally, formatWithdrawn } from "./format.js";
/**
 * Start a judge thread for a session; feed it events; close it for the report and the withdrawn findings. A
 * `JudgeThread` judges sessions one after another on one thread; `liveJudgeTap` runs the judge on the thread that
 * writes the trace (the recorder's threaded file sink) instead of a thread of its own.
 */
export {
  type JudgeTap,
  JudgeThread,
  LiveJudge,
  type LiveJudgeOptions,
  type LivePass,
  type LiveSummary,
  liveJudgeTap,
  startLiveJudge,
} from "./live-judge.js";
/**
 * A judge pool: a fixed number of judge threads (default: the cores available) multiplexing every live session of a
 * process, for a gateway's many sessions; `pool.session(options)` gives each its `LiveJudge`.
 */
/** What a live watch prints: findings and the tally as they come, the end-of-session report, HTTP errors. */
export { LivePrinter, type ReportDestination } from "./live-printer.js";
/** The live judges of a recording's sessions, and what else each session feeds. */
export {
  type LiveSessionOptions,
  LiveSessions,
  type SessionEnd,
  type SessionOutput,
} from "./live-sessions.js";
export { defaultPoolThreads, JudgePool, type JudgePoolOptions } from "./pool.js";
/** A finding as it counts against one requirement, and the running tally. */
export type { LiveFinding, Tally } from "./protocol.js";
/** One pool thread, started with the first session, for the few sessions a viewer follows (`open`'s hub). */
export { type SharedJudge, type SharedJudgeSessionOptions, sharedJudge } from "./shared-judge.js";
