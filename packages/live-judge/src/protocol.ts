/**
 * The messages between a live session (main thread) and its judge (worker thread). Kept in one place so both ends
 * agree on the shapes; everything here survives structured cloning.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Actor, QuotedFinding, Report, TextRows } from "@mcp-conf/validator";

/** One finding as it counts against one requirement: what a live line prints, with the verbatim spec sentence. */
export type LiveFinding = QuotedFinding;

export interface Tally {
  exchanges: number;
  fail: number;
  warn: number;
}

export interface WorkerOptions {
  revision?: string;
  /** Whose obligations to judge (validator `JudgeOptions.actor`); default both. */
  actor?: Actor;
  /** The end-of-session report's rows: `all`, or (as the CLI prints by default) only the `problems`. Default all. */
  reportRows?: TextRows;
  /** Colour the report's FAIL and WARN markers. */
  color?: boolean;
  /** The trace file as the user should see it named in the report's `trace:` line. */
  trace?: string;
  /** Test hook: every pass also sleeps this long, to prove a slow judge never slows the session. */
  slowPassMs?: number;
  /** Judging takes at most 1/(1+pacing) of a core on average. Default 3: a quarter. 0 judges without pause. */
  pacing?: number;
}

export type ToWorker =
  /** The next session on a thread kept for several, after the one before is done. */
  | { type: "start"; options: WorkerOptions }
  /** Events, or their trace lines as written (parsed on the judge's thread, off the session's). */
  | { type: "events"; events: Array<TraceEvent | string> }
  /** Observations lost elsewhere (the trace file, the spans) that leave no gap in the seq the judge sees. */
  | { type: "lost"; count: number }
  /** The session gave this many observations a seq (0 to count − 1): any after the last the judge got are missing. */
  | { type: "recorded"; count: number }
  | { type: "finish" };

export type FromWorker =
  /** The judge's thread has loaded the validator and waits for events. */
  | { type: "ready" }
  /** New findings of one pass, and the number of exchanges completed so far. */
  | { type: "pass"; findings: LiveFinding[]; exchanges: number; lastSeq: number; busyMs: number }
  /** Judging stopped (an undeclared or unknown revision); the session goes on. */
  | { type: "error"; message: string }
  | {
      type: "done";
      /** Every finding of the whole-trace report, as (requirement, finding) pairs. */
      all: LiveFinding[];
      report?: Report;
      reportText?: string;
      error?: string;
      exchanges: number;
      /** The server answered some request with a result: the MCP session started. */
      started: boolean;
      busyMs: number;
    };
