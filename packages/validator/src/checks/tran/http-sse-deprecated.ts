/**
 * tran.http-sse-not-used — at 2026-07-28 the HTTP+SSE transport of 2024-11-05 is deprecated: new implementations
 * should not adopt it and existing ones should move to streamable HTTP. The subject is the session's transport, read
 * off its first lifecycle or HTTP event; a session over HTTP+SSE (transport `sse`) draws one warning.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";

export const httpSseNotUsed: CheckDefinition = {
  id: "tran.http-sse-not-used",
  description: "The session runs over stdio or streamable HTTP, not the deprecated HTTP+SSE transport.",
  subscribe: { events: ["lifecycle", "http"] },
  create(ctx) {
    let seen = false;
    return {
      event(event: TraceEvent) {
        if (seen) return;
        seen = true;
        ctx.examined();
        if (event.transport === "sse") {
          ctx.report(
            event.seq,
            "the session runs over the deprecated HTTP+SSE transport of 2024-11-05; streamable HTTP replaces it",
          );
        }
      },
    };
  },
};
