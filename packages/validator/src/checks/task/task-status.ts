/**
 * The task status lifecycle as the receiver reports it: a terminal status (completed, failed, cancelled) never
 * changes; a requestor that sees "input_required" calls tasks/result; a tasks/get showing "failed" explains why;
 * tasks/result answers only once the task is terminal (a later snapshot still running proves it did not wait);
 * tasks/cancel of a terminal task is rejected with -32602.
 */

import type { Exchange, RequestRef } from "@mcp-conf/session";
import type { Direction } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { errorCodeOf, opposite, paramsOf } from "../support/readers.js";
import {
  AUGMENTABLE_METHODS,
  TASK_STATE_METHODS,
  TaskStatusBook,
  TERMINAL_STATUSES,
  taskKey,
  taskSnapshots,
} from "../support/tasks.js";

const SNAPSHOT_EXCHANGES = [...AUGMENTABLE_METHODS, ...TASK_STATE_METHODS];

export const statusTransitionsValid: CheckDefinition = {
  id: "task.status-transitions-valid",
  description: "Once a task is seen in a terminal status, every later snapshot shows that same status.",
  subscribe: { exchanges: SNAPSHOT_EXCHANGES },
  create(ctx) {
    const book = new TaskStatusBook();
    return {
      exchange(x: Exchange) {
        for (const s of taskSnapshots(x)) {
          ctx.examined();
          const previous = book.record(s);
          if (previous && TERMINAL_STATUSES.has(previous.status) && s.status !== previous.status) {
            ctx.report(
              s.seq,
              `task ${JSON.stringify(s.taskId)} moved from terminal status ${JSON.stringify(previous.status)} (seq ${previous.seq}) to ${JSON.stringify(s.status)} (${s.source})`,
            );
          }
        }
      },
    };
  },
};

export const inputRequiredPromptsResult: CheckDefinition = {
  id: "task.input-required-prompts-result",
  description: 'A requestor that sees a task in "input_required" calls tasks/result for it.',
  subscribe: { exchanges: SNAPSHOT_EXCHANGES, messages: ["tasks/result"] },
  create(ctx) {
    /** Tasks seen in input_required with no tasks/result since, by key → seq of the snapshot. */
    const waiting = new Map<string, { seq: number; taskId: string }>();
    const hasOpenResultCall = (requestor: Direction, taskId: string) =>
      ctx
        .openRequests()
        .some(
          (r) => r.direction === requestor && r.message.method === "tasks/result" && paramsOf(r)?.taskId === taskId,
        );
    return {
      message(ref) {
        if (ref.message.type !== "request") return;
        const taskId = paramsOf(ref)?.taskId;
        if (typeof taskId === "string") waiting.delete(taskKey(opposite(ref.direction), taskId));
      },
      exchange(x: Exchange) {
        for (const s of taskSnapshots(x)) {
          if (s.status !== "input_required") continue;
          ctx.examined();
          const key = taskKey(s.direction, s.taskId);
          if (hasOpenResultCall(opposite(s.direction), s.taskId)) continue;
          if (!waiting.has(key) && waiting.size < 10_000) waiting.set(key, { seq: s.seq, taskId: s.taskId });
        }
      },
      finish() {
        for (const w of waiting.values()) {
          ctx.report(
            w.seq,
            `task ${JSON.stringify(w.taskId)} was reported "input_required" but the requestor never called tasks/result for it`,
          );
        }
      },
    };
  },
};

export const failedStatusMessage: CheckDefinition = {
  id: "task.failed-status-message",
  description: "A tasks/get result for a failed task carries a statusMessage.",
  subscribe: { exchanges: ["tasks/get"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        for (const s of taskSnapshots(x)) {
          if (s.status !== "failed") continue;
          ctx.examined();
          if (typeof s.task.statusMessage !== "string") {
            ctx.report(s.seq, `tasks/get reports task ${JSON.stringify(s.taskId)} "failed" without a statusMessage`);
          }
        }
      },
    };
  },
};

export const resultWaitsForTerminal: CheckDefinition = {
  id: "task.result-waits-for-terminal",
  description:
    "A successful tasks/result is only returned once the task is terminal: no later snapshot shows it still running.",
  subscribe: { exchanges: [...SNAPSHOT_EXCHANGES, "tasks/result"] },
  create(ctx) {
    /** Tasks whose result was returned, by key → seq of that result. */
    const returned = new Map<string, { seq: number; taskId: string }>();
    return {
      exchange(x: Exchange) {
        if (x.type === "request" && x.method === "tasks/result") {
          const taskId = paramsOf(x.request)?.taskId;
          if (x.response?.message.type !== "result" || typeof taskId !== "string") return;
          ctx.examined();
          if (returned.size < 10_000)
            returned.set(taskKey(x.response.direction, taskId), { seq: x.response.seq, taskId });
          return;
        }
        if (returned.size === 0) return;
        for (const s of taskSnapshots(x)) {
          const key = taskKey(s.direction, s.taskId);
          const result = returned.get(key);
          if (!result || s.status === undefined || TERMINAL_STATUSES.has(s.status)) continue;
          returned.delete(key);
          ctx.report(
            s.seq,
            `task ${JSON.stringify(s.taskId)} is still ${JSON.stringify(s.status)} after tasks/result returned its result at seq ${result.seq}; tasks/result must block until the task is terminal`,
          );
        }
      },
    };
  },
};

export const cancelTerminalRejected: CheckDefinition = {
  id: "task.cancel-terminal-rejected",
  description: "tasks/cancel of a task already seen in a terminal status is answered with a -32602 error.",
  subscribe: { exchanges: SNAPSHOT_EXCHANGES, messages: ["tasks/cancel"] },
  create(ctx) {
    const book = new TaskStatusBook();
    const terminalAtRequest = new Map<RequestRef, string>();
    return {
      message(ref) {
        if (ref.message.type !== "request") return;
        const taskId = paramsOf(ref)?.taskId;
        if (typeof taskId !== "string") return;
        const status = book.statusOf(opposite(ref.direction), taskId);
        if (status !== undefined && TERMINAL_STATUSES.has(status)) terminalAtRequest.set(ref as RequestRef, status);
      },
      exchange(x: Exchange) {
        if (x.type === "request" && x.method === "tasks/cancel") {
          const status = terminalAtRequest.get(x.request);
          terminalAtRequest.delete(x.request);
          if (status !== undefined && x.response) {
            ctx.examined();
            const code = errorCodeOf(x.response);
            if (code !== -32602) {
              ctx.report(
                x.response.seq,
                `tasks/cancel of task ${JSON.stringify(paramsOf(x.request)?.taskId)}, already ${JSON.stringify(status)}, was answered with ${code === undefined ? "a result" : `error code ${code}`}, not -32602`,
              );
            }
          }
        }
        for (const s of taskSnapshots(x)) book.record(s);
      },
    };
  },
};
