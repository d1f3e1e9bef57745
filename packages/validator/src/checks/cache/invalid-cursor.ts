/**
 * cache.restart-after-invalid-cursor: once the server answers a list request's cursor with an error, the client's
 * next request for that list starts from the beginning (no cursor) rather than going on from a page it cached.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { PAGINATED_METHODS } from "../support/listing.js";

interface Refusal {
  cursor: string;
  seq: number;
}

export const restartAfterInvalidCursor: CheckDefinition = {
  id: "cache.restart-after-invalid-cursor",
  description:
    "After the server refuses a list's cursor with an error, the client's next request for that list has no cursor.",
  subscribe: { messages: PAGINATED_METHODS, exchanges: PAGINATED_METHODS },
  create(ctx) {
    /** List method → the refusal the client's next request of it must start over after. */
    const refused = new Map<string, Refusal>();
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server") return;
        const refusal = refused.get(m.method);
        if (!refusal) return;
        refused.delete(m.method);
        ctx.examined();
        const cursor = isPlainObject(m.params) ? m.params.cursor : undefined;
        if (cursor !== undefined && cursor !== null)
          ctx.report(
            ref.seq,
            `after the server refused cursor ${quote(refusal.cursor)} (seq ${refusal.seq}), the next ${quote(m.method)} request carries cursor ${quote(cursor)} instead of re-fetching from the beginning`,
          );
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server") return;
        const params = x.request.message.params;
        const cursor = isPlainObject(params) ? params.cursor : undefined;
        if (typeof cursor === "string" && x.response?.message.type === "error")
          refused.set(x.method, { cursor, seq: x.response.seq });
      },
    };
  },
};
