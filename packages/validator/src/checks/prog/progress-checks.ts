/**
 * Progress notifications (basic/utilities/progress): tokens are unique among active requests (their type is the
 * schema's to judge); a notification names a token the other side handed out, while that request (or the task it created)
 * is still running; `progress` increases; a task's progress uses the token of the request that created it.
 */
import type { Exchange, MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap, opposite, paramsOf, relatedTaskId } from "../task/task-model.js";
import { notificationToken, ProgressTokens, requestToken, tokenKey } from "./progress-tokens.js";

const PROGRESS = "notifications/progress";

function describeToken(token: unknown): string {
  return token === undefined ? "nothing" : (JSON.stringify(token) ?? String(token));
}

export const tokenUnique: CheckDefinition = {
  id: "prog.token-unique",
  description: "A request's progress token differs from those of the sender's other active requests.",
  subscribe: { messages: ["*request"], exchanges: ["*"] },
  create(ctx) {
    const tokens = new ProgressTokens();
    return {
      message(ref: MessageRef) {
        if (requestToken(ref) === undefined) return;
        ctx.examined();
        const clash = tokens.observeRequest(ref);
        if (clash) {
          ctx.report(
            ref.seq,
            `progress token ${describeToken(requestToken(ref))} is already in use by the active ${JSON.stringify(clash.method)} request at seq ${clash.requestSeq}`,
          );
        }
      },
      exchange(x: Exchange) {
        tokens.observeExchange(x);
      },
    };
  },
};

/** Shared shape of the checks that judge a notification against the token's history. */
function tokenLifeCheck(
  id: string,
  description: string,
  judge: (
    ctx: Parameters<CheckDefinition["create"]>[0],
    ref: MessageRef,
    token: unknown,
    tokens: ProgressTokens,
  ) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: ["*request", PROGRESS], exchanges: ["*"] },
    create(ctx) {
      const tokens = new ProgressTokens();
      return {
        message(ref: MessageRef) {
          if (ref.message.type === "request") {
            tokens.observeRequest(ref);
            return;
          }
          const token = notificationToken(ref);
          if (token !== undefined) judge(ctx, ref, token, tokens);
        },
        exchange(x: Exchange) {
          tokens.observeCreatedTask(x);
          tokens.observeExchange(x);
        },
      };
    },
  };
}

export const tokenKnown = tokenLifeCheck(
  "prog.token-known",
  "A progress notification names a token the other side provided in a request.",
  (ctx, ref, token, tokens) => {
    ctx.examined();
    if (!tokens.useFor(ref.direction, token) && !tokens.forgotten) {
      ctx.report(
        ref.seq,
        `progress notification names token ${describeToken(token)}, which no request from the other side provided`,
      );
    }
  },
);

export const stopsAfterCompletion = tokenLifeCheck(
  "prog.stops-after-completion",
  "No progress notification for a request arrives after that request was answered (unless it created a task).",
  (ctx, ref, token, tokens) => {
    const use = tokens.useFor(ref.direction, token);
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

export const taskProgressStops = tokenLifeCheck(
  "prog.task-progress-stops",
  "No progress notification for a task arrives after the task reached a terminal status.",
  (ctx, ref, token, tokens) => {
    const use = tokens.useFor(ref.direction, token);
    if (use?.state !== "task") return;
    ctx.examined();
    const terminal = tokens.terminalStatus(use, ref.direction);
    if (terminal) {
      ctx.report(
        ref.seq,
        `progress for token ${describeToken(token)} after task ${JSON.stringify(use.taskId)} reached ${JSON.stringify(terminal)}`,
      );
    }
  },
);

export const taskTokenMatches = tokenLifeCheck(
  "prog.task-token-matches",
  "Progress notifications for a task use the progress token of the request that created the task.",
  (ctx, ref, token, tokens) => {
    const taskId = relatedTaskId(paramsOf(ref));
    if (taskId === undefined) return;
    const origin = tokens.tokenOfTask(ref.direction, taskId);
    if (!origin.found) return;
    ctx.examined();
    if (origin.token === undefined || tokenKey(ref.direction, origin.token) !== tokenKey(ref.direction, token)) {
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
    const last = new BoundedMap<string, { progress: number; seq: number }>(20_000);
    return {
      message(ref: MessageRef) {
        if (ref.message.type === "request") {
          // A new request may reuse a finished request's token: its progress starts afresh.
          const token = requestToken(ref);
          if (token !== undefined) last.delete(tokenKey(opposite(ref.direction), token));
          return;
        }
        const params = paramsOf(ref);
        const token = params?.progressToken;
        const progress = params?.progress;
        if (token === undefined || typeof progress !== "number") return;
        ctx.examined();
        const key = tokenKey(ref.direction, token);
        const previous = last.get(key);
        if (previous && !(progress > previous.progress)) {
          ctx.report(
            ref.seq,
            `progress for token ${describeToken(token)} went from ${previous.progress} (seq ${previous.seq}) to ${progress}; it must increase`,
          );
        }
        last.set(key, { progress, seq: ref.seq });
      },
    };
  },
};
