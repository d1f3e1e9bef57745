/**
 * life.initialize-not-batched (LIFE-023, 2025-03-26, the one revision with JSON-RPC batching): the initialize
 * request travels alone, since nothing else may happen before initialization completes.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";

export const initializeNotBatched: CheckDefinition = {
  id: "life.initialize-not-batched",
  description: "The initialize request travels alone, never in a JSON-RPC batch.",
  subscribe: { messages: ["initialize"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request") return;
        ctx.examined();
        if (ref.batchIndex !== undefined) {
          ctx.report(ref.seq, `the initialize request travelled in a JSON-RPC batch (element ${ref.batchIndex})`);
        }
      },
    };
  },
};
