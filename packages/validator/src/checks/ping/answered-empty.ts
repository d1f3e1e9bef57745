/**
 * ping.answered-empty (PING-001) — the receiver of a ping answers it with an empty result (`{}`; `_meta` allowed).
 * An error, a result with content, or no answer at all (judged when the trace ends) is a finding; a ping the
 * server refused at the HTTP layer (never delivered) is not expected to be answered. "Promptly" would need the
 * clock, which checks may not read.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { jsonType, quote } from "../support/detail.js";
import { HttpRejections } from "../support/http-rejections.js";

export const answeredEmpty: CheckDefinition = {
  id: "ping.answered-empty",
  description: "A ping is answered with an empty result.",
  subscribe: { exchanges: ["ping"], events: ["http", "message"] },
  create(ctx) {
    const rejections = new HttpRejections();
    return {
      event(event: TraceEvent) {
        rejections.observe(event);
      },
      exchange(exchange: Exchange) {
        if (exchange.type !== "request") return;
        ctx.examined();
        const receiver = exchange.request.direction === "client-to-server" ? "server" : "client";
        const id = quote(exchange.request.message.id);
        const response = exchange.response;
        if (!response) {
          if (exchange.request.direction === "client-to-server" && rejections.wasRefused(exchange.request.message.id))
            return;
          ctx.report(exchange.request.seq, `the ${receiver} never answered ping ${id}`, receiver);
          return;
        }
        const m = response.message;
        if (m.type === "error") {
          ctx.report(response.seq, `the ${receiver} answered ping ${id} with an error, not an empty result`);
        } else if (m.type === "result") {
          if (!isPlainObject(m.result)) {
            ctx.report(
              response.seq,
              `the ${receiver} answered ping ${id} with a ${jsonType(m.result)}, not an empty result`,
            );
            return;
          }
          const extra = Object.keys(m.result).filter((key) => key !== "_meta");
          if (extra.length > 0) {
            ctx.report(
              response.seq,
              `the ${receiver} answered ping ${id} with a non-empty result (${quote(extra.join(", "))})`,
            );
          }
        }
      },
    };
  },
};
