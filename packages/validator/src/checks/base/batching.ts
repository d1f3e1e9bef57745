/**
 * base.batch-received (BASE-036, 2025-03-26, the one revision with JSON-RPC batching): receivers support batches, so
 * a request that arrived in a batch is answered, not refused as an invalid request — one by one, or with a single
 * idless -32600 error for the whole batch.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { errorCodeOf, opposite, sender } from "../support/readers.js";

const INVALID_REQUEST = -32600;

export const batchReceived: CheckDefinition = {
  id: "base.batch-received",
  description: "A request that arrived in a JSON-RPC batch is answered, not refused as an invalid request.",
  subscribe: { messages: ["*request"], exchanges: ["*"] },
  create(ctx) {
    /** Whether each side has received a batch holding a request (an idless refusal may answer it). */
    const received = { "client-to-server": false, "server-to-client": false };
    return {
      message(ref: MessageRef) {
        if (ref.batchIndex !== undefined) received[ref.direction] = true;
      },
      exchange(exchange: Exchange) {
        if (exchange.type === "request" && exchange.request.batchIndex !== undefined && exchange.response) {
          ctx.examined();
          if (errorCodeOf(exchange.response) === INVALID_REQUEST) {
            ctx.report(
              exchange.response.seq,
              `the ${sender(exchange.response)} refused request ${quote(exchange.request.message.id)} (${exchange.method}), which arrived in a batch, as an invalid request (-32600)`,
            );
          }
        } else if (exchange.type === "orphan-response" && errorCodeOf(exchange.response) === INVALID_REQUEST) {
          const ref = exchange.response;
          if (!received[opposite(ref.direction)] || (isPlainObject(ref.message.raw) && ref.message.raw.id !== null))
            return;
          ctx.examined();
          ctx.report(
            ref.seq,
            `the ${sender(ref)} answered a JSON-RPC batch with one idless invalid-request error (-32600)`,
          );
        }
      },
    };
  },
};
