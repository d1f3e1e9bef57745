/**
 * Task identity: related-task metadata carries a string `taskId`; a receiver never hands out the same task id for
 * two tasks; a task begins in "working".
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { type JsonObject, metaOf } from "../support/readers.js";
import { createdTaskOfExchange, RELATED_TASK_KEY, taskKey } from "../support/tasks.js";

function containerOf(ref: MessageRef): JsonObject | undefined {
  const m = ref.message;
  if ((m.type === "request" || m.type === "notification") && isPlainObject(m.params)) return m.params;
  if (m.type === "result" && isPlainObject(m.result)) return m.result;
  return undefined;
}

export const taskIdString: CheckDefinition = {
  id: "task.task-id-string",
  description: "The taskId of io.modelcontextprotocol/related-task metadata is a string.",
  subscribe: { messages: ["*"] },
  create(ctx) {
    return {
      message(ref) {
        const meta = metaOf(containerOf(ref));
        if (!meta || meta[RELATED_TASK_KEY] === undefined) return;
        ctx.examined();
        const related = meta[RELATED_TASK_KEY];
        const id = isPlainObject(related) ? related.taskId : undefined;
        if (typeof id !== "string") {
          ctx.report(
            ref.seq,
            `related-task metadata carries taskId ${id === undefined ? "nothing" : JSON.stringify(id)}, not a string`,
          );
        }
      },
    };
  },
};

export const taskIdUnique: CheckDefinition = {
  id: "task.task-id-unique",
  description: "A receiver never returns the same task id for two created tasks.",
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    const seen = new BoundedMap<string, number>(50_000);
    return {
      exchange(x: Exchange) {
        const task = createdTaskOfExchange(x);
        if (!task || x.type !== "request" || !x.response || typeof task.taskId !== "string") return;
        ctx.examined();
        const key = taskKey(x.response.direction, task.taskId);
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.report(
            x.response.seq,
            `task id ${JSON.stringify(task.taskId)} was already given to the task created at seq ${first}`,
          );
        } else seen.set(key, x.response.seq);
      },
    };
  },
};

export const createdWorking: CheckDefinition = {
  id: "task.created-working",
  description: 'A CreateTaskResult shows the new task in the "working" status.',
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        const task = createdTaskOfExchange(x);
        if (!task || x.type !== "request" || !x.response) return;
        ctx.examined();
        if (task.status !== "working") {
          ctx.report(
            x.response.seq,
            `task ${JSON.stringify(task.taskId)} was created in status ${JSON.stringify(task.status)}, not "working"`,
          );
        }
      },
    };
  },
};
