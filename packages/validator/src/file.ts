/**
 * The validator's entry points that take a path (or a stream): `validateFile` reads the file through the
 * trace-format reader (streamed, with its limits) and judges it; `judgeTraceInput` does the same as `mcp-conf
 * validate` does for each trace — the report ready to render, or the one line that says why there is none (a
 * malformed or unreadable trace, a revision undeclared or unknown, a trace with nothing to judge, a server never
 * reached), and the exit code the outcome earns (docs/cli.md); it never throws for a problem of the trace. Everything
 * else in the package is pure. Kept apart so that `validate` can refuse a string instead of judging its characters.
 */
import {
  type ReadTraceOptions,
  readTrace,
  readTraceFile,
  type TraceEvent,
  traceReadProblem,
} from "@mcp-conf/trace-format";
import { RevisionError } from "./engine/errors.js";
import { createJudge, type JudgeOptions } from "./engine/judge.js";
import { assertNever, type Report } from "./engine/types.js";
import type { JudgedTrace } from "./report/index.js";

/**
 * Reads the trace file at `path` and judges it. Rejects with the reader's `TraceFormatError` on a malformed trace, a
 * file-system error on an unreadable file, and a `RevisionError` when no revision is declared or given.
 */
export async function validateFile(path: string, options: JudgeOptions & ReadTraceOptions = {}): Promise<Report> {
  const judge = createJudge(options);
  for await (const event of readTraceFile(path, options)) judge.observe(event);
  return judge.finish();
}

/** `mcp-conf validate`'s exit codes: 0 pass, 1 fail, 2 not judged (or unsupported), 3 a malformed trace. */
export const VALIDATE_EXIT = { ok: 0, fail: 1, unjudged: 2, malformed: 3 } as const;

export interface TraceOutcome {
  /** The report and its render context (the trace's name, each seq's line); absent when nothing was judged. */
  judged?: JudgedTrace;
  /** Why the trace was not judged (or only in part: unsupported clauses), in one line naming it. */
  problem?: string;
  /** The exit code the outcome earns (`VALIDATE_EXIT`); with several traces the highest wins. */
  exitCode: number;
}

export interface JudgeTraceInputOptions extends JudgeOptions {
  /** How the trace is named in the report and in problems (default: the path, or `standard input`). */
  label?: string;
  /** A warning fails too (exit 1). */
  strict?: boolean;
  /** The reader's limits. */
  limits?: ReadTraceOptions;
}

/** Judges the trace file at `input` (a path), or the trace a stream holds; see the module comment. */
export async function judgeTraceInput(
  input: string | NodeJS.ReadableStream | AsyncIterable<Uint8Array | string>,
  options: JudgeTraceInputOptions = {},
): Promise<TraceOutcome> {
  const { label: named, strict = false, limits = {}, ...judging } = options;
  const path = typeof input === "string" ? input : "-";
  const label = named ?? (typeof input === "string" ? input : "standard input");
  const judge = createJudge(judging);
  const lineOfSeq = new Map<number, number>();
  let events = 0;
  let nonLifecycle = 0;
  try {
    const reading = { ...limits, lineOfSeq };
    const source: AsyncIterable<TraceEvent> =
      typeof input === "string" ? readTraceFile(input, reading) : readTrace(input, reading);
    for await (const event of source) {
      events++;
      if (event.kind !== "lifecycle") nonLifecycle++;
      judge.observe(event);
    }
  } catch (error) {
    if (error instanceof RevisionError)
      return { problem: `${label}: ${error.message}`, exitCode: VALIDATE_EXIT.unjudged };
    const read = traceReadProblem(label, error);
    if (read === undefined) throw error;
    const exitCode = read.kind === "malformed" ? VALIDATE_EXIT.malformed : VALIDATE_EXIT.unjudged;
    return { problem: read.message, exitCode };
  }
  if (events === 0) return nothingJudged(label, "the trace is empty");
  if (nonLifecycle === 0) return nothingJudged(label, "the trace holds only transport lifecycle events, no messages");

  let report: Report;
  try {
    report = judge.finish();
  } catch (error) {
    if (error instanceof RevisionError)
      return { problem: `${label}: ${error.message}`, exitCode: VALIDATE_EXIT.unjudged };
    throw error;
  }
  if (report.verdict === "nothing-judged") {
    const why =
      report.unreached === undefined
        ? "no requirement was observed (every one is not observed, not applicable or excluded)"
        : `the server was never reached (the recording proxy made all ${report.unreached} response(s) itself)`;
    return nothingJudged(label, why);
  }
  const outcome: TraceOutcome = {
    judged: { report, context: { trace: path, lineOfSeq } },
    exitCode: reportExitCode(report, strict),
  };
  if (report.verdict === "unsupported") {
    const missing = [...new Set(report.requirements.flatMap((row) => row.missing_checks ?? []))].sort();
    outcome.problem = `${label}: ${report.totals.unsupported} requirement(s) unsupported: this build lacks the check(s) ${missing.join(", ")}`;
  }
  return outcome;
}

function nothingJudged(label: string, why: string): TraceOutcome {
  return {
    problem: `${label} judged nothing: ${why} — a failed capture, not a conforming session`,
    exitCode: VALIDATE_EXIT.unjudged,
  };
}

/** The exit code a report earns: unsupported or nothing judged 2, fail 1, warnings 1 when strict, else 0. */
export function reportExitCode(report: Report, strict: boolean): number {
  switch (report.verdict) {
    case "unsupported":
    case "nothing-judged":
      return VALIDATE_EXIT.unjudged;
    case "fail":
      return VALIDATE_EXIT.fail;
    case "pass-with-warnings":
      return strict ? VALIDATE_EXIT.fail : VALIDATE_EXIT.ok;
    case "pass":
      return VALIDATE_EXIT.ok;
    default:
      return assertNever(report.verdict);
  }
}
