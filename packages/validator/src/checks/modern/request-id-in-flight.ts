/**
 * modern.request-id-unique-in-flight — in 2026-07-28 a request id must differ from every other request the sender
 * has issued and not yet had answered; once answered, an id may be used again (unlike 2025-11-25's "within the same
 * session"). On streamable HTTP a POST refused with an error status and no JSON-RPC answer (a 401 asking for
 * authorization) has been answered too: the client may send it again under the same id.
 */
import { type Exchange, idKey, type MessageRef, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { HttpRequests } from "../support/http-requests.js";
import { sender } from "../support/readers.js";

const C2S = "client-to-server";

export const requestIdUniqueInFlight: CheckDefinition = {
  id: "modern.request-id-unique-in-flight",
  description: "A request id differs from every request of the same sender still waiting for its answer.",
  subscribe: {
    messages: ["*request"],
    exchanges: ["*"],
    events: ["http", "message"],
    transports: ["streamable-http"],
  },
  create(ctx) {
    /** Open request ids by direction; counts, since a duplicate is itself open until answered. */
    const open = new Map<string, number>();
    const key = (direction: string, id: string | number) => `${direction}\u0000${idKey(id)}`;
    const close = (k: string) => {
      const count = open.get(k) ?? 0;
      if (count <= 1) open.delete(k);
      else open.set(k, count - 1);
    };
    const http = new HttpRequests();
    /** A POSTed request refused with an error status: answered, unless a JSON-RPC answer to it follows at once. */
    let refused: string | undefined;
    return {
      event(event: TraceEvent) {
        const reading = http.observe(event);
        if (refused !== undefined && !(event.kind === "message" && event.direction !== C2S)) {
          close(refused);
          refused = undefined;
        }
        const { response } = reading;
        const status = response?.event.status ?? 0;
        if (status >= 400 && response?.certain && response.request?.rpcId !== undefined)
          refused = key(C2S, response.request.rpcId);
      },
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
        if (refused === k) refused = undefined;
        close(k);
      },
    };
  },
};
