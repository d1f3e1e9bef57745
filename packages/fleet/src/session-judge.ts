/**
 * Where `serve` judges a session: on a thread of the live judge's pool (`JudgePool` of @mcp-conf/live-judge, the
 * default: judging runs beside the receiving thread, which only decodes, orders and writes — the lines are parsed
 * on the judge's thread too), or in the receiving
 * thread itself (`judgeThreads: 0`). Both run the validator's incremental engine over the same events, so the report
 * is the one `validate` gives for the trace; the pool's judges run unpaced, since judging is serve's whole work.
 */
import { JudgePool, type LiveJudge } from "@mcp-conf/live-judge";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, type Finding, type Judge, type Report } from "@mcp-conf/validator";

export interface SessionJudge {
  /** One event as its trace line; a line that is no JSON stops the judging (the report says why). */
  observeLine(line: string): void;
  /** Observations known to be missing without a gap in seq (a close that never came). */
  lost(count: number): void;
  /** The whole-trace report, once every event is judged. */
  finish(): Promise<{ report?: Report; error?: string }>;
}

/** Told of each finding the moment the judge reports it (live), once. */
export type OnFinding = (finding: Finding) => void;

export interface JudgeFactory {
  session(revision: string | undefined, onFinding?: OnFinding): SessionJudge;
  close(): Promise<void>;
}

/** Judges in the calling thread. */
export function inlineJudges(): JudgeFactory {
  return { session: (revision, onFinding) => new InlineJudge(revision, onFinding), close: async () => {} };
}

/** Judges on `threads` threads of a live-judge pool. */
export function pooledJudges(threads: number, revision: string | undefined): JudgeFactory {
  const pool = new JudgePool({ threads, ...(revision === undefined ? {} : { warmUp: { revision } }) });
  return {
    session: (sessionRevision, onFinding) => new PooledJudge(pool, sessionRevision, onFinding),
    close: () => pool.close(),
  };
}

class InlineJudge implements SessionJudge {
  private readonly judge: Judge;
  private surfaced = 0;
  private broken: string | undefined;

  constructor(
    revision: string | undefined,
    private readonly onFinding: OnFinding | undefined,
  ) {
    this.judge = createJudge(revision === undefined ? {} : { revision });
  }

  observeLine(line: string): void {
    if (this.broken !== undefined) return;
    try {
      this.judge.observe(JSON.parse(line) as TraceEvent);
    } catch (error) {
      this.broken = error instanceof Error ? error.message : String(error);
      return;
    }
    if (!this.onFinding) return;
    const all = this.judge.findings();
    while (this.surfaced < all.length) this.onFinding(all[this.surfaced++]!);
  }

  lost(count: number): void {
    if (this.broken === undefined) this.judge.lost(count);
  }

  async finish(): Promise<{ report?: Report; error?: string }> {
    if (this.broken !== undefined) return { error: this.broken };
    try {
      return { report: this.judge.finish() };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
}

class PooledJudge implements SessionJudge {
  private readonly live: LiveJudge;
  private error: string | undefined;

  constructor(pool: JudgePool, revision: string | undefined, onFinding: OnFinding | undefined) {
    this.live = pool.session({
      pacing: 0,
      ...(revision === undefined ? {} : { revision }),
      onPass: (pass) => {
        if (onFinding) for (const finding of pass.findings) onFinding(finding);
      },
      onError: (message) => {
        this.error ??= message;
      },
    });
  }

  observeLine(line: string): void {
    this.live.observeLine(line);
  }

  lost(count: number): void {
    this.live.lost(count);
  }

  async finish(): Promise<{ report?: Report; error?: string }> {
    const summary = await this.live.close();
    if (summary.report) return { report: summary.report };
    return { error: summary.error ?? this.error ?? "the judge gave no report" };
  }
}
