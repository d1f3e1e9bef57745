/**
 * ver.stdio-discover-first — on stdio a client probes with `server/discover` before any other request (2026-07-28):
 * a dual-era client to learn the server's era, a modern-only one to fail deterministically against a legacy server
 * that would serve an era-ambiguous method under legacy semantics. Only stdio: on streamable HTTP the status code of
 * the first modern request drives the fallback, so no probe is asked for there.
 */
import type { MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";

const DISCOVER = "server/discover";

export const stdioDiscoverFirst: CheckDefinition = {
  id: "ver.stdio-discover-first",
  description: "On stdio, the client's first request is server/discover.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    let first = true;
    return {
      message(ref: MessageRef) {
        if (!first || ref.direction !== "client-to-server" || ref.message.type !== "request") return;
        if (ref.event.transport !== "stdio") return;
        first = false;
        ctx.examined();
        if (ref.message.method !== DISCOVER) {
          ctx.report(ref.seq, `the client's first request is ${quote(ref.message.method)}, not a ${DISCOVER} probe`);
        }
      },
    };
  },
};
