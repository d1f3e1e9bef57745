/**
 * tran.stdio-no-client-responses — in 2026-07-28 the client writes only requests and notifications to the server's
 * stdin: the server sends no requests, so there is nothing for a client response to answer. (On streamable HTTP the
 * same rule is shttp.no-client-responses, which reads the POST bodies.)
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";

export const stdioNoClientResponses: CheckDefinition = {
  id: "tran.stdio-no-client-responses",
  description: "On stdio, the client writes JSON-RPC requests and notifications only, never a response.",
  subscribe: { messages: ["*request", "*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.direction !== "client-to-server" || ref.event.transport !== "stdio") return;
        const { type } = ref.message;
        ctx.examined();
        if (type === "result" || type === "error") {
          ctx.report(
            ref.seq,
            `the client wrote a JSON-RPC ${type === "error" ? "error" : "result"} response to the server's stdin`,
          );
        }
      },
    };
  },
};
