/**
 * modern.no-server-requests — in 2026-07-28 a server never initiates a JSON-RPC request: what it needs from the
 * client it asks for in an InputRequiredResult. Any request sent server-to-client breaks it, on either transport.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";

export const noServerRequests: CheckDefinition = {
  id: "modern.no-server-requests",
  description: "The server sends no JSON-RPC requests.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request") return;
        ctx.examined();
        if (ref.direction === "server-to-client")
          ctx.report(ref.seq, `the server sent a ${quote(m.method)} request (id ${quote(m.id)}) to the client`);
      },
    };
  },
};
