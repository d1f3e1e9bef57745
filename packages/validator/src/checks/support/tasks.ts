/**
 * Reading task-related facts off JSON-RPC messages: the `task` augmentation of a request, a `CreateTaskResult`,
 * Task snapshots (from `tasks/get`, `tasks/cancel`, `tasks/list`, `notifications/tasks/status` and created tasks),
 * the `io.modelcontextprotocol/related-task` metadata, and which capability path declares task support for a
 * request type. Shared by the TASK, PROG and CANC checks; every reader takes `unknown` and never throws.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { type Direction, isPlainObject } from "@mcp-conf/trace-format";
import { BoundedMap } from "./bounded-map.js";
import { type JsonObject, metaOf, paramsOf, receiverSide, resultOf } from "./readers.js";

export const RELATED_TASK_KEY = "io.modelcontextprotocol/related-task";
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["completed", "failed", "cancelled"]);

/** Methods the 2025-11-25 capabilities let a receiver declare task support for. */
export const AUGMENTABLE_METHODS = ["tools/call", "sampling/createMessage", "elicitation/create"] as const;

/** The methods whose results carry Task snapshots. */
export const TASK_STATE_METHODS = ["tasks/get", "tasks/cancel", "tasks/list", "notifications/tasks/status"] as const;

/** The capability path a receiver declares to accept task-augmented requests of this method. */
export function taskCapabilityPath(method: string, requestDirection: Direction): string {
  return `${receiverSide(requestDirection)}.tasks.requests.${method.replace("/", ".")}`;
}

/** Whether a request asks for task augmentation (a `task` member in its params). */
export function isTaskAugmented(params: JsonObject | undefined): boolean {
  return params !== undefined && params.task !== undefined;
}

/** The task of a `CreateTaskResult`, when the result is one. */
export function createdTaskOf(result: JsonObject | undefined): JsonObject | undefined {
  if (!result || !isPlainObject(result.task)) return undefined;
  return result.task;
}

/** Whether an exchange is a request answered with a `CreateTaskResult`. */
export function createdTaskOfExchange(x: Exchange): JsonObject | undefined {
  if (x.type !== "request") return undefined;
  return createdTaskOf(resultOf(x.response));
}

/** Whether params or a result carry the related-task key at all. */
export function hasRelatedTask(container: JsonObject | undefined): boolean {
  const meta = metaOf(container);
  return meta !== undefined && meta[RELATED_TASK_KEY] !== undefined;
}

/** The related-task `taskId` when it is a string. */
export function relatedTaskId(container: JsonObject | undefined): string | undefined {
  const meta = metaOf(container);
  const related = meta?.[RELATED_TASK_KEY];
  if (!isPlainObject(related)) return undefined;
  return typeof related.taskId === "string" ? related.taskId : undefined;
}

/** A Task snapshot the receiver sent: where it came from and what it says. */
export interface TaskSnapshot {
  seq: number;
  /** Direction the snapshot travelled in (receiver → requestor). */
  direction: Direction;
  taskId: string;
  status: string | undefined;
  task: JsonObject;
  source: string;
}

function snapshot(ref: MessageRef, task: unknown, source: string): TaskSnapshot | undefined {
  if (!isPlainObject(task) || typeof task.taskId !== "string") return undefined;
  return {
    seq: ref.seq,
    direction: ref.direction,
    taskId: task.taskId,
    status: typeof task.status === "string" ? task.status : undefined,
    task,
    source,
  };
}

/** Every Task snapshot an exchange carries, in message order. */
export function taskSnapshots(x: Exchange): TaskSnapshot[] {
  if (x.type === "notification") {
    if (x.method !== "notifications/tasks/status") return [];
    const s = snapshot(x.message, paramsOf(x.message), "notifications/tasks/status");
    return s ? [s] : [];
  }
  if (x.type !== "request" || !x.response) return [];
  const result = resultOf(x.response);
  if (!result) return [];
  const out: TaskSnapshot[] = [];
  switch (x.method) {
    case "tasks/get":
    case "tasks/cancel": {
      const s = snapshot(x.response, result, `${x.method} result`);
      if (s) out.push(s);
      break;
    }
    case "tasks/list":
      if (Array.isArray(result.tasks)) {
        for (const t of result.tasks) {
          const s = snapshot(x.response, t, "tasks/list result");
          if (s) out.push(s);
        }
      }
      break;
    default: {
      const created = createdTaskOf(result);
      if (created) {
        const s = snapshot(x.response, created, `CreateTaskResult of ${x.method}`);
        if (s) out.push(s);
      }
    }
  }
  return out;
}

/** Key of a task within the receiver that owns it (ids are the receiver's, per direction). */
export function taskKey(receiverToRequestor: Direction, taskId: string): string {
  return `${receiverToRequestor}\u0000${taskId}`;
}

/** The last status each task was seen in, by owner; bounded. */
export class TaskStatusBook {
  private readonly statuses = new BoundedMap<string, { status: string; seq: number }>();
  /** Records a snapshot; returns the previous status, if any. */
  record(s: TaskSnapshot): { status: string; seq: number } | undefined {
    const key = taskKey(s.direction, s.taskId);
    const previous = this.statuses.get(key);
    if (s.status !== undefined) this.statuses.set(key, { status: s.status, seq: s.seq });
    return previous;
  }
  statusOf(receiverToRequestor: Direction, taskId: string): string | undefined {
    return this.statuses.get(taskKey(receiverToRequestor, taskId))?.status;
  }
}
