/**
 * modern.request-id-unique-in-flight — in 2026-07-28 a request id must differ from every other request the sender
 * has issued and not yet had answered; once answered, an id may be used again (unlike 2025-11-25's "within the same
 * session").
 */
import { type Exchange, idKey, type MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { sender } from "../support/readers.js";

export const requestIdUniqueInFlight: CheckDefinition = {
  id: "modern.request-id-unique-in-flight",
  description: "A request id differs from every request of the same sender still waiting for its answer.",
  subscribe: { messages: ["*request"], exchanges: ["*"] },
  create(ctx) {
    /** Open request ids by direction; counts, since a duplicate is itself open until answered. */
    const open = new Map<string, number>();
    const key = (direction: string, id: string | number) => `${direction}\u0000${idKey(id)}`;
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request") return;
        ctx.examined();
        const k = key(ref.direction, m.id);
        const count = open.get(k) ?? 0;
        if (count > 0)
          ctx.report(
            ref.seq,
            `the ${sender(ref)} reused id ${quote(m.id)} while a request with that id still awaited its answer`,
          );
        open.set(k, count + 1);
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || !x.response) return;
        const k = key(x.request.direction, x.request.message.id);
        const count = open.get(k) ?? 0;
        if (count <= 1) open.delete(k);
        else open.set(k, count - 1);
      },
    };
  },
};
