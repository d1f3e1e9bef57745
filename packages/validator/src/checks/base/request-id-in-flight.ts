/**
 * modern.request-id-unique-in-flight — in 2026-07-28 a request id must differ from every other request the sender
 * has issued and not yet had answered; once answered, an id may be used again (unlike 2025-11-25's "within the same
 * session"). On streamable HTTP a POST refused with an error status and no JSON-RPC answer (a 401 asking for
 * authorization) has been answered too: the client may send it again under the same id.
 */

import type { Exchange, JsonRpcId, MessageRef } from "@mcp-conf/session";
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { HttpRequests } from "../support/http-requests.js";
import { sender } from "../support/readers.js";

const C2S = "client-to-server";
const S2C = "server-to-client";

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
    /**
     * Open request ids by sender; counts, since a duplicate is itself open until answered. Keyed by the id itself:
     * a Map tells 1 from "1".
     */
    const open: Record<Direction, Map<JsonRpcId, number>> = { [C2S]: new Map(), [S2C]: new Map() };
    const close = (direction: Direction, id: JsonRpcId) => {
      const ids = open[direction];
      const count = ids.get(id) ?? 0;
      if (count <= 1) ids.delete(id);
      else ids.set(id, count - 1);
    };
    const http = new HttpRequests();
    /**
     * The id of a client's POSTed request refused with an error status: answered, unless a JSON-RPC answer to it
     * follows at once.
     */
    let refused: { id: JsonRpcId } | undefined;
    return {
      event(event: TraceEvent) {
        const reading = http.observe(event);
        if (refused !== undefined && !(event.kind === "message" && event.direction !== C2S)) {
          close(C2S, refused.id);
          refused = undefined;
        }
        const { response } = reading;
        const status = response?.event.status ?? 0;
        if (status >= 400 && response?.certain && response.request?.rpcId !== undefined)
          refused = { id: response.request.rpcId };
      },
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request") return;
        ctx.examined();
        const ids = open[ref.direction];
        const count = ids.get(m.id) ?? 0;
        if (count > 0)
          ctx.report(
            ref.seq,
            `the ${sender(ref)} reused id ${quote(m.id)} while a request with that id still awaited its answer`,
          );
        ids.set(m.id, count + 1);
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || !x.response) return;
        const { direction, message } = x.request;
        if (refused !== undefined && direction === C2S && refused.id === message.id) refused = undefined;
        close(direction, message.id);
      },
    };
  },
};
