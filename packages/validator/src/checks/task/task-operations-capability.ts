/**
 * The task operations need the receiver's `tasks` capability: tasks/list needs `tasks.list`, tasks/cancel needs
 * `tasks.cancel`, tasks/get and tasks/result need `tasks` at all. Judged (under LIFE-015, "only use capabilities
 * that were successfully negotiated") when the answer was an error or never came; an operation the receiver served
 * anyway is left alone, as life.negotiated-capabilities-only does for server features.
 */
import { requestGateCheck } from "../support/capability-gates.js";

const NEEDS: Record<string, string> = {
  "tasks/list": "tasks.list",
  "tasks/cancel": "tasks.cancel",
  "tasks/get": "tasks",
  "tasks/result": "tasks",
};

export const operationsOnlyWhenDeclared = requestGateCheck({
  id: "task.operations-only-when-declared",
  description: "Task operations go only to a receiver that declared the tasks capability they need.",
  methods: Object.keys(NEEDS),
  needs: (x) => NEEDS[x.method],
  detail: (x, side, need) =>
    `${x.method} was sent although the ${side} did not declare the ${JSON.stringify(need)} capability`,
});
