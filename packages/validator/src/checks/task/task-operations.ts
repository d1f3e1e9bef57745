/**
 * The task operations themselves: tasks/get and tasks/cancel answer about the task their `taskId` names;
 * tasks/result returns the underlying request's result type and carries related-task metadata; a successful
 * tasks/cancel leaves the task "cancelled"; related-task metadata is left off where the task id is already in the
 * message.
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { paramsOf, resultOf } from "../support/readers.js";
import {
  AUGMENTABLE_METHODS,
  createdTaskOfExchange,
  hasRelatedTask,
  relatedTaskId,
  taskKey,
} from "../support/tasks.js";

/** The result type each augmentable method answers with, as named in the schema's `$defs`. */
const RESULT_DEFINITIONS: Record<string, string> = {
  "tools/call": "CallToolResult",
  "sampling/createMessage": "CreateMessageResult",
  "elicitation/create": "ElicitResult",
};

export const answersRequestedTask: CheckDefinition = {
  id: "task.answers-requested-task",
  description: "A tasks/get or tasks/cancel result describes the task named by the request's taskId.",
  subscribe: { exchanges: ["tasks/get", "tasks/cancel"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request") return;
        const result = resultOf(x.response);
        const asked = paramsOf(x.request)?.taskId;
        if (!result || typeof asked !== "string") return;
        ctx.examined();
        if (result.taskId !== asked) {
          ctx.report(
            x.response?.seq,
            `${x.method} asked for task ${JSON.stringify(asked)} but the result describes ${JSON.stringify(result.taskId)}`,
          );
        }
      },
    };
  },
};

export const resultMatchesRequestType: CheckDefinition = {
  id: "task.result-matches-request-type",
  description: "A successful tasks/result is the result type of the request that created the task.",
  subscribe: { exchanges: [...AUGMENTABLE_METHODS, "tasks/result"] },
  create(ctx) {
    const origin = new BoundedMap<string, string>(50_000);
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || !x.response) return;
        const created = createdTaskOfExchange(x);
        if (created && typeof created.taskId === "string") {
          origin.set(taskKey(x.response.direction, created.taskId), x.method);
          return;
        }
        if (x.method !== "tasks/result") return;
        const result = resultOf(x.response);
        const taskId = paramsOf(x.request)?.taskId;
        if (!result || typeof taskId !== "string") return;
        const method = origin.get(taskKey(x.response.direction, taskId));
        const definition = method === undefined ? undefined : RESULT_DEFINITIONS[method];
        if (!definition || !ctx.hasSchema(definition)) return;
        ctx.examined();
        const errors = ctx.validateSchema(definition, result);
        if (errors.length > 0) {
          ctx.report(
            x.response.seq,
            `tasks/result for task ${JSON.stringify(taskId)} (created by ${method}) is not a ${definition}: ${errors[0]}`,
          );
        }
      },
    };
  },
};

export const resultCarriesRelatedTask: CheckDefinition = {
  id: "task.result-carries-related-task",
  description: "A successful tasks/result carries io.modelcontextprotocol/related-task metadata naming its task.",
  subscribe: { exchanges: ["tasks/result"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request") return;
        const result = resultOf(x.response);
        const taskId = paramsOf(x.request)?.taskId;
        if (!result || typeof taskId !== "string") return;
        ctx.examined();
        const related = relatedTaskId(result);
        if (related !== taskId) {
          ctx.report(
            x.response?.seq,
            related === undefined
              ? `tasks/result for task ${JSON.stringify(taskId)} lacks io.modelcontextprotocol/related-task metadata`
              : `tasks/result for task ${JSON.stringify(taskId)} names related task ${JSON.stringify(related)}`,
          );
        }
      },
    };
  },
};

const NO_META_REQUESTS = ["tasks/get", "tasks/result", "tasks/cancel", "tasks/list"];
const NO_META_RESULTS = new Set(["tasks/get", "tasks/cancel", "tasks/list"]);

export const noRelatedTaskOnTaskOperations: CheckDefinition = {
  id: "task.no-related-task-on-task-operations",
  description:
    "Task operation requests and the results of tasks/get, tasks/list and tasks/cancel carry no related-task metadata.",
  subscribe: { messages: NO_META_REQUESTS, exchanges: [...NO_META_RESULTS] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request") return;
        ctx.examined();
        if (hasRelatedTask(paramsOf(ref))) {
          ctx.report(
            ref.seq,
            `${ref.message.method} request carries io.modelcontextprotocol/related-task metadata; its taskId parameter already names the task`,
          );
        }
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || !NO_META_RESULTS.has(x.method)) return;
        const result = resultOf(x.response);
        if (!result) return;
        ctx.examined();
        if (hasRelatedTask(result)) {
          ctx.report(
            x.response?.seq,
            `${x.method} result carries io.modelcontextprotocol/related-task metadata; the task id is already in the result`,
          );
        }
      },
    };
  },
};

export const statusNotificationWithoutRelatedTask: CheckDefinition = {
  id: "task.status-notification-without-related-task",
  description: "notifications/tasks/status carries no related-task metadata.",
  subscribe: { messages: ["notifications/tasks/status"] },
  create(ctx) {
    return {
      message(ref) {
        if (ref.message.type !== "notification") return;
        ctx.examined();
        if (hasRelatedTask(paramsOf(ref))) {
          ctx.report(
            ref.seq,
            "notifications/tasks/status carries io.modelcontextprotocol/related-task metadata; taskId is already in its params",
          );
        }
      },
    };
  },
};

export const cancelResultCancelled: CheckDefinition = {
  id: "task.cancel-result-cancelled",
  description: 'A successful tasks/cancel result shows the task in the "cancelled" status.',
  subscribe: { exchanges: ["tasks/cancel"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request") return;
        const result = resultOf(x.response);
        if (!result) return;
        ctx.examined();
        if (result.status !== "cancelled") {
          ctx.report(
            x.response?.seq,
            `tasks/cancel succeeded but task ${JSON.stringify(result.taskId)} is in status ${JSON.stringify(result.status)}, not "cancelled"`,
          );
        }
      },
    };
  },
};
