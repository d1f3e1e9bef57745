/**
 * The task operations need the receiver's `tasks` capability: tasks/list needs `tasks.list`, tasks/cancel needs
 * `tasks.cancel`, tasks/get and tasks/result need `tasks` at all. Judged (under LIFE-015, "only use capabilities
 * that were successfully negotiated") when the answer was an error or never came; an operation the receiver served
 * anyway is left alone, as life.negotiated-capabilities-only does for server features.
 */
import { type Exchange, hasCapability } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { receiverSide } from "../support/readers.js";

const NEEDS: Record<string, string> = {
  "tasks/list": "tasks.list",
  "tasks/cancel": "tasks.cancel",
  "tasks/get": "tasks",
  "tasks/result": "tasks",
};

export const operationsOnlyWhenDeclared: CheckDefinition = {
  id: "task.operations-only-when-declared",
  description: "Task operations go only to a receiver that declared the tasks capability they need.",
  subscribe: { exchanges: Object.keys(NEEDS) },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request") return;
        const need = NEEDS[x.method];
        if (need === undefined) return;
        ctx.examined();
        const side = receiverSide(x.request.direction);
        if (hasCapability(ctx.facts, `${side}.${need}`) || x.response?.message.type === "result") return;
        ctx.report(
          x.request.seq,
          `${x.method} was sent although the ${side} did not declare the ${JSON.stringify(need)} capability`,
        );
      },
    };
  },
};
