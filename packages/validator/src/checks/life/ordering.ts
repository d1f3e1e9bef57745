/**
 * Ordering during initialization (LIFE-005/006): until the server has answered initialize, the client sends no
 * request but pings; until the client's `notifications/initialized`, the server sends no request but pings
 * (logging is a notification, so it is no request). State is read off the messages themselves, in order.
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";

export const clientWaitsForInitialize: CheckDefinition = {
  id: "life.client-waits-for-initialize",
  description: "The client sends no request other than ping before the initialize response.",
  subscribe: { messages: ["*request"], exchanges: ["initialize"] },
  create(ctx) {
    let initializeSent = false;
    let answered = false;
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server") return;
        if (m.method === "initialize") {
          initializeSent = true;
          return;
        }
        if (!initializeSent) return; // before initialize at all: LIFE-001
        ctx.examined();
        if (!answered && m.method !== "ping") {
          ctx.report(ref.seq, `the client sent request ${quote(m.method)} before the server answered initialize`);
        }
      },
      exchange(exchange: Exchange) {
        if (exchange.type === "request" && exchange.request.direction === "client-to-server" && exchange.response) {
          answered = true;
        }
      },
    };
  },
};

export const serverWaitsForInitialized: CheckDefinition = {
  id: "life.server-waits-for-initialized",
  description: "The server sends no request other than ping before the client's initialized notification.",
  subscribe: { messages: ["*request", "notifications/initialized"] },
  create(ctx) {
    let initialized = false;
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type === "notification" && ref.direction === "client-to-server") {
          initialized = true;
          return;
        }
        if (m.type !== "request" || ref.direction !== "server-to-client") return;
        ctx.examined();
        if (!initialized && m.method !== "ping") {
          ctx.report(
            ref.seq,
            `the server sent request ${quote(m.method)} before the client's notifications/initialized`,
          );
        }
      },
    };
  },
};
