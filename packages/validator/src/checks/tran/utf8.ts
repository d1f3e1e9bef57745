/**
 * UTF-8 on the wire (TRAN-001): the recorder marks a message or line whose bytes were not valid UTF-8
 * (`invalidUtf8`), since the text it keeps has them replaced and a real U+FFFD could not be told apart. Every
 * message and raw line is a subject, on either transport and in either direction.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";

export const messagesUtf8: CheckDefinition = {
  id: "tran.messages-utf8",
  description: "Every JSON-RPC message on the wire is UTF-8 encoded.",
  subscribe: { events: ["message", "raw"] },
  create(ctx) {
    return {
      event(event: TraceEvent) {
        if (event.kind !== "message" && event.kind !== "raw") return;
        ctx.examined();
        if (event.invalidUtf8 !== true) return;
        const sender = event.direction === "server-to-client" ? "the server" : "the client";
        const what = event.kind === "message" ? "a message" : "a line";
        ctx.report(event.seq, `${sender} sent ${what} whose bytes are not valid UTF-8`);
      },
    };
  },
};
