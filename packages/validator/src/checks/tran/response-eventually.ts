/**
 * tran.response-eventually (TRAN-024) — a request the client POSTed over streamable HTTP gets its JSON-RPC response
 * in the end (on the SSE stream or as the JSON body). Judged when the trace ends, from what never came; a request
 * the client cancelled, or one the server refused at the HTTP layer (401/403, so never delivered), is exempt.
 */

import { type Exchange, idKey, type MessageRef } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { HttpRejections } from "../support/http-rejections.js";

const MAX_CANCELLED = 1024;

export const responseEventually: CheckDefinition = {
  id: "tran.response-eventually",
  description: "A request POSTed over streamable HTTP is eventually answered.",
  subscribe: { exchanges: ["*"], messages: ["notifications/cancelled"], events: ["http", "message"] },
  create(ctx) {
    const rejections = new HttpRejections();
    const cancelled = new Set<string>();
    return {
      event(event: TraceEvent) {
        rejections.observe(event);
      },
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "notification" || ref.direction !== "client-to-server" || !isPlainObject(m.params)) return;
        const id = m.params.requestId;
        if ((typeof id === "string" || typeof id === "number") && cancelled.size < MAX_CANCELLED)
          cancelled.add(idKey(id));
      },
      exchange(exchange: Exchange) {
        if (exchange.type !== "request") return;
        const request = exchange.request;
        if (request.direction !== "client-to-server" || request.event.transport !== "streamable-http") return;
        ctx.examined();
        if (exchange.response) return;
        const id = request.message.id;
        if (cancelled.has(idKey(id)) || rejections.wasRefused(id)) return;
        ctx.report(request.seq, `the client's ${quote(exchange.method)} request (id ${quote(id)}) was never answered`);
      },
    };
  },
};
