/**
 * Judges for the few sessions a viewer follows at once (`mcp-conf open`'s hub): one pool thread, started with the
 * first session (so a hub nobody follows a running session in costs no thread), shared by the rest. Each judge hands
 * its passes' findings over as they come.
 */
import type { Actor } from "@mcp-conf/validator";
import type { LiveJudge } from "./live-judge.js";
import { JudgePool } from "./pool.js";
import type { LiveFinding } from "./protocol.js";

export interface SharedJudgeSessionOptions {
  revision?: string;
  actor?: Actor;
  /** A pass's new findings. */
  onFindings?: (findings: readonly LiveFinding[]) => void;
}

export interface SharedJudge {
  /** A judge for one more session (of the shape of `@mcp-conf/export`'s `JudgeFactory`). */
  session(options: SharedJudgeSessionOptions): LiveJudge;
  /** Ends the thread, if it was started. */
  close(): Promise<void>;
}

/** `warmUp`: the revision and actor the sessions will mostly be judged at, loaded as the thread starts. */
export function sharedJudge(warmUp: { revision?: string; actor?: Actor } = {}): SharedJudge {
  let pool: JudgePool | undefined;
  return {
    session({ onFindings, ...judging }) {
      pool ??= new JudgePool({ threads: 1, warmUp });
      return pool.session({ ...judging, onPass: (update) => onFindings?.(update.findings) });
    },
    close: async () => pool?.close(),
  };
}
