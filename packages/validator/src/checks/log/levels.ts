/**
 * Log levels (server/utilities/logging): the RFC 5424 severities in ascending order, and — once a client has set a
 * level and the server accepted it — no `notifications/message` below that level (the server may pick which
 * messages to send only while no level was set).
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";

/** RFC 5424 severities, least severe first. */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;

export function severity(level: unknown): number {
  return typeof level === "string" ? LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]) : -1;
}

export const logLevelRespected: CheckDefinition = {
  id: "log.level-respected",
  description: "After a logging/setLevel the server accepted, it sends no notifications/message below that level.",
  subscribe: { exchanges: ["logging/setLevel"], messages: ["notifications/message"] },
  create(ctx) {
    let threshold: { level: string; seq: number } | undefined;
    return {
      exchange(exchange: Exchange) {
        const answer = answeredClientRequest(exchange);
        if (!answer || answer.isError) return;
        const level = answer.params.level;
        if (typeof level === "string" && severity(level) >= 0) threshold = { level, seq: answer.response.seq };
      },
      message(ref: MessageRef) {
        if (!threshold || ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
        const params = ref.message.params;
        if (!isPlainObject(params)) return;
        const level = severity(params.level);
        if (level < 0) return;
        ctx.examined();
        if (level < severity(threshold.level)) {
          ctx.report(
            ref.seq,
            `notifications/message at level ${quote(String(params.level))} after the client set the level to ${quote(threshold.level)} (accepted at seq ${threshold.seq})`,
          );
        }
      },
    };
  },
};
