/**
 * The requestor's side of task capability negotiation: a task-augmented request should only go to a receiver that
 * declared task support for that request type (`tasks.requests.<category>.<method>`), and never to one that
 * declared no `tasks` at all. `tools/call` has its own MUST-level rule (see tool-call-augmentation-declared.ts), so
 * the generic SHOULD check leaves it out to keep each finding under the clause that names it.
 */
import { hasCapability, type MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { paramsOf, receiverSide } from "../support/readers.js";
import { isTaskAugmented, taskCapabilityPath } from "../support/tasks.js";

export const augmentOnlyWhenDeclared: CheckDefinition = {
  id: "task.augment-only-when-declared",
  description:
    "A task-augmented request (other than tools/call) goes only to a receiver that declared task support for its type.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request" || ref.message.method === "tools/call") return;
        if (!isTaskAugmented(paramsOf(ref))) return;
        ctx.examined();
        const path = taskCapabilityPath(ref.message.method, ref.direction);
        if (!hasCapability(ctx.facts, path)) {
          ctx.report(
            ref.seq,
            `task-augmented ${JSON.stringify(ref.message.method)} request sent, but the ${receiverSide(ref.direction)} did not declare ${JSON.stringify(path.split(".").slice(1).join("."))}`,
          );
        }
      },
    };
  },
};

export const noTasksWithoutCapability: CheckDefinition = {
  id: "task.no-tasks-without-capability",
  description: "No task-augmented request goes to a receiver whose capabilities define no `tasks`.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request" || !isTaskAugmented(paramsOf(ref))) return;
        ctx.examined();
        const side = receiverSide(ref.direction);
        if (!hasCapability(ctx.facts, `${side}.tasks`)) {
          ctx.report(
            ref.seq,
            `task-augmented ${JSON.stringify(ref.message.method)} request sent, but the ${side} declared no "tasks" capability`,
          );
        }
      },
    };
  },
};

export const toolCallAugmentationDeclared: CheckDefinition = {
  id: "task.tool-call-augmentation-declared",
  description: "A client augments tools/call with a task only if the server declared tasks.requests.tools.call.",
  subscribe: { messages: ["tools/call"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request" || ref.direction !== "client-to-server") return;
        if (!isTaskAugmented(paramsOf(ref))) return;
        ctx.examined();
        if (!hasCapability(ctx.facts, "server.tasks.requests.tools.call")) {
          const name = paramsOf(ref)?.name;
          ctx.report(
            ref.seq,
            `tools/call of ${JSON.stringify(typeof name === "string" ? name : null)} is task-augmented, but the server did not declare "tasks.requests.tools.call"`,
          );
        }
      },
    };
  },
};
