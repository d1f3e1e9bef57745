/**
 * life.initialized-sent (LIFE-003) — after a successful initialize exchange the client sends
 * `notifications/initialized`. The finding rests on absence, so it is reported only at the end of the trace
 * (a live judge must not fail it in the moment between the initialize result and the notification).
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";

export const initializedSent: CheckDefinition = {
  id: "life.initialized-sent",
  description: "After a successful initialize, the client sends notifications/initialized.",
  subscribe: { exchanges: ["initialize", "notifications/initialized"] },
  create(ctx) {
    /** Seq of the latest successful initialize result still waiting for its notification. */
    let waitingSince: number | undefined;
    return {
      exchange(exchange: Exchange) {
        if (exchange.type === "request" && exchange.method === "initialize") {
          const response = exchange.response;
          if (exchange.request.direction === "client-to-server" && response?.message.type === "result") {
            if (waitingSince === undefined) waitingSince = response.seq;
          }
        } else if (
          exchange.type === "notification" &&
          exchange.method === "notifications/initialized" &&
          exchange.message.direction === "client-to-server" &&
          waitingSince !== undefined
        ) {
          ctx.examined();
          waitingSince = undefined;
        }
      },
      finish() {
        if (waitingSince === undefined) return;
        ctx.examined();
        ctx.report(
          waitingSince,
          "the client never sent notifications/initialized after this successful initialize result",
        );
      },
    };
  },
};
