/**
 * Task timestamps: every Task a receiver sends carries `createdAt` and `lastUpdatedAt` as ISO 8601 (RFC 3339)
 * date-times. The schema only says "string", so the format is judged here; one check per field, as the spec
 * states them as two requirements.
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { AUGMENTABLE_METHODS, TASK_STATE_METHODS, taskSnapshots } from "../support/tasks.js";

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Whether a value is an RFC 3339 date-time with plausible field ranges. */
export function isIsoDateTime(value: unknown): boolean {
  if (typeof value !== "string" || !RFC3339.test(value)) return false;
  const field = (from: number) => Number(value.slice(from, from + 2));
  const [month, day, hour, minute, second] = [field(5), field(8), field(11), field(14), field(17)];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 60;
}

function timestampCheck(field: "createdAt" | "lastUpdatedAt"): CheckDefinition {
  const kebab = field === "createdAt" ? "created-at" : "last-updated-at";
  return {
    id: `task.${kebab}-iso8601`,
    description: `Every Task a receiver sends carries ${field} as an ISO 8601 date-time.`,
    subscribe: { exchanges: [...AUGMENTABLE_METHODS, ...TASK_STATE_METHODS] },
    create(ctx) {
      return {
        exchange(x: Exchange) {
          for (const s of taskSnapshots(x)) {
            ctx.examined();
            const value = s.task[field];
            if (!isIsoDateTime(value)) {
              ctx.report(
                s.seq,
                `task ${JSON.stringify(s.taskId)} (${s.source}) has ${field} ${value === undefined ? "missing" : JSON.stringify(value)}, not an ISO 8601 date-time`,
              );
            }
          }
        },
      };
    },
  };
}

export const createdAtIso8601 = timestampCheck("createdAt");
export const lastUpdatedAtIso8601 = timestampCheck("lastUpdatedAt");
