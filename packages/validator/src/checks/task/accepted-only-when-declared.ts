/**
 * The receiver's side of task capability negotiation: a receiver that did not declare task support for a request
 * type must process such requests normally, so answering one with a `CreateTaskResult` is a violation.
 */
import { type Exchange, hasCapability } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { paramsOf, receiverSide } from "../support/readers.js";
import { createdTaskOfExchange, isTaskAugmented, taskCapabilityPath } from "../support/tasks.js";

export const acceptedOnlyWhenDeclared: CheckDefinition = {
  id: "task.accepted-only-when-declared",
  description: "A receiver answers with a CreateTaskResult only for request types it declared task support for.",
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || !x.response) return;
        const created = createdTaskOfExchange(x);
        if (!created && !isTaskAugmented(paramsOf(x.request))) return;
        ctx.examined();
        if (!created) return;
        const path = taskCapabilityPath(x.method, x.request.direction);
        if (!hasCapability(ctx.facts, path)) {
          ctx.report(
            x.response.seq,
            `${receiverSide(x.request.direction)} answered ${JSON.stringify(x.method)} (seq ${x.request.seq}) with a CreateTaskResult, but did not declare ${JSON.stringify(path.split(".").slice(1).join("."))}; it must process the request normally`,
          );
        }
      },
    };
  },
};
