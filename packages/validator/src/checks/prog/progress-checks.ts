/**
 * Progress notifications (basic/utilities/progress): tokens are unique among active requests (their type is the
 * schema's to judge); a notification names a token the other side handed out, while that request (or the task it
 * created) is still running; `progress` increases; a task's progress uses the token of the request that created
 * it. The token history is the trace's shared TokenLedger.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { trimOldest } from "@mcp-conf/session";
import type { Direction } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { opposite, paramsOf } from "../support/readers.js";
import { AUGMENTABLE_METHODS, relatedTaskId, TASK_STATE_METHODS } from "../support/tasks.js";
import { notificationToken, requestToken, type TokenLedger, tokenLedger } from "./token-ledger.js";

const PROGRESS = "notifications/progress";

function describeToken(token: unknown): string {
  return token === undefined ? "nothing" : (JSON.stringify(token) ?? String(token));
}

export const tokenUnique: CheckDefinition = {
  id: "prog.token-unique",
  description: "A request's progress token differs from those of the sender's other active requests.",
  subscribe: { messages: ["*request"], exchanges: ["*"] },
  create(ctx) {
    const ledger = tokenLedger(ctx.facts);
    return {
      message(ref: MessageRef) {
        const clash = ledger.observeRequest(ref);
        if (requestToken(ref) === undefined) return;
        ctx.examined();
        if (clash) {
          ctx.report(
            ref.seq,
            `progress token ${describeToken(requestToken(ref))} is already in use by the active ${JSON.stringify(clash.method)} request at seq ${clash.requestSeq}`,
          );
        }
      },
      exchange(x: Exchange) {
        ledger.observeExchange(x);
      },
    };
  },
};

type Judge = (ctx: CheckContext, ref: MessageRef, token: unknown, ledger: TokenLedger) => void;

/**
 * A check judging each progress notification against the ledger. `requests` says whether it needs the requests'
 * tokens; `exchanges` which answers and task messages it needs.
 */
function progressCheck(
  id: string,
  description: string,
  requests: boolean,
  exchanges: readonly string[],
  judge: Judge,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: requests ? ["*request", PROGRESS] : [PROGRESS], exchanges },
    create(ctx) {
      const ledger = tokenLedger(ctx.facts);
      return {
        message(ref: MessageRef) {
          if (ref.message.type === "request") {
            ledger.observeRequest(ref);
            return;
          }
          const token = notificationToken(ref);
          if (token !== undefined) judge(ctx, ref, token, ledger);
        },
        exchange(x: Exchange) {
          ledger.observeExchange(x);
        },
      };
    },
  };
}

const TASK_EXCHANGES = [...AUGMENTABLE_METHODS, ...TASK_STATE_METHODS];

export const tokenKnown = progressCheck(
  "prog.token-known",
  "A progress notification names a token the other side provided in a request.",
  true,
  [],
  (ctx, ref, token, ledger) => {
    ctx.examined();
    if (!ledger.useFor(ref.direction, token) && !ledger.forgotten) {
      ctx.report(
        ref.seq,
        `progress notification names token ${describeToken(token)}, which no request from the other side provided`,
      );
    }
  },
);

export const stopsAfterCompletion = progressCheck(
  "prog.stops-after-completion",
  "No progress notification for a request arrives after that request was answered (unless it created a task).",
  true,
  ["*"],
  (ctx, ref, token, ledger) => {
    const use = ledger.useFor(ref.direction, token);
    if (!use) return;
    ctx.examined();
    if (use.state === "done") {
      ctx.report(
        ref.seq,
        `progress for token ${describeToken(token)} after its ${JSON.stringify(use.method)} request was answered at seq ${use.doneSeq}`,
      );
    }
  },
);

export const taskProgressStops = progressCheck(
  "prog.task-progress-stops",
  "No progress notification for a task arrives after the task reached a terminal status.",
  true,
  ["*"],
  (ctx, ref, token, ledger) => {
    const use = ledger.useFor(ref.direction, token);
    if (use?.state !== "task") return;
    ctx.examined();
    const terminal = ledger.terminalStatus(use, ref.direction);
    if (terminal) {
      ctx.report(
        ref.seq,
        `progress for token ${describeToken(token)} after task ${JSON.stringify(use.taskId)} reached ${JSON.stringify(terminal)}`,
      );
    }
  },
);

export const taskTokenMatches = progressCheck(
  "prog.task-token-matches",
  "Progress notifications for a task use the progress token of the request that created the task.",
  false,
  TASK_EXCHANGES,
  (ctx, ref, token, ledger) => {
    const taskId = relatedTaskId(paramsOf(ref));
    if (taskId === undefined) return;
    const origin = ledger.tokenOfTask(ref.direction, taskId);
    if (!origin.found) return;
    ctx.examined();
    if (origin.token !== token) {
      ctx.report(
        ref.seq,
        origin.token === undefined
          ? `progress for task ${JSON.stringify(taskId)} uses token ${describeToken(token)}, but the request that created it carried no progress token`
          : `progress for task ${JSON.stringify(taskId)} uses token ${describeToken(token)}, not ${describeToken(origin.token)} from the request that created it`,
      );
    }
  },
);

export const progressIncreases: CheckDefinition = {
  id: "prog.progress-increases",
  description: "Each progress notification for a token carries a larger progress value than the one before.",
  subscribe: { messages: ["*request", PROGRESS] },
  create(ctx) {
    /** Last progress per token, by the direction progress travels in. */
    const last: Record<Direction, Map<unknown, { progress: number; seq: number }>> = {
      "client-to-server": new Map(),
      "server-to-client": new Map(),
    };
    return {
      message(ref: MessageRef) {
        if (ref.message.type === "request") {
          // A new request may reuse a finished request's token: its progress starts afresh.
          const token = requestToken(ref);
          if (token !== undefined) last[opposite(ref.direction)].delete(token);
          return;
        }
        const params = paramsOf(ref);
        const token = params?.progressToken;
        const progress = params?.progress;
        if (token === undefined || typeof progress !== "number") return;
        ctx.examined();
        const map = last[ref.direction];
        const previous = map.get(token);
        if (previous && !(progress > previous.progress)) {
          ctx.report(
            ref.seq,
            `progress for token ${describeToken(token)} went from ${previous.progress} (seq ${previous.seq}) to ${progress}; it must increase`,
          );
        }
        if (previous) {
          previous.progress = progress;
          previous.seq = ref.seq;
        } else {
          map.set(token, { progress, seq: ref.seq });
          trimOldest(map, 20_000);
        }
      },
    };
  },
};
