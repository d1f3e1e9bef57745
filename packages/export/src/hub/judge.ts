/**
 * The judge a followed session is judged by, given to the hub by its host: `@mcp-conf/live-judge`'s `JudgePool` (a
 * fixed number of threads shared by every followed session, as `mcp-conf open` does), or `inlineJudge` here, which
 * judges on the calling thread with the validator's incremental engine and reports only at the end.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { type Actor, createJudge, type Report } from "@mcp-conf/validator";
import type { ExportFinding } from "../document.js";

export interface SessionJudgeOptions {
  revision?: string;
  actor?: Actor;
  /** Findings the judge shows before the end (a live judge's passes). */
  onFindings?: (findings: readonly ExportFinding[]) => void;
}

/** One session's judge: fed in `seq` order, closed for the report (or why there is none). */
export interface SessionJudge {
  observe(event: TraceEvent): void;
  close(): Promise<{ report?: Report; error?: string }>;
}

export type JudgeFactory = (options: SessionJudgeOptions) => SessionJudge;

/** A judge on the calling thread: each event costs its checks, and the report comes at `close`. */
export const inlineJudge: JudgeFactory = (options) => {
  const judge = createJudge({
    ...(options.revision === undefined ? {} : { revision: options.revision }),
    ...(options.actor === undefined ? {} : { actor: options.actor }),
  });
  let failure: string | undefined;
  return {
    observe(event) {
      if (failure !== undefined) return;
      try {
        judge.observe(event);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    },
    async close() {
      if (failure !== undefined) return { error: failure };
      try {
        return { report: judge.finish() };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
};
