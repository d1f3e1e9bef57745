/**
 * shttp.sse-no-buffering — a server opening an SSE response stream says `X-Accel-Buffering: no`, so reverse proxies
 * deliver its events at once (2026-07-28 Receiving Messages, SHOULD).
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../../engine/types.js";
import { quote } from "../../support/detail.js";
import { contentType, header } from "../../support/http-requests.js";

export const sseNoBuffering: CheckDefinition = {
  id: "shttp.sse-no-buffering",
  description: "An SSE response stream carries the header X-Accel-Buffering: no.",
  subscribe: { events: ["http"] },
  create(ctx) {
    return {
      event(event: TraceEvent) {
        if (event.kind !== "http" || event.direction !== "server-to-client") return;
        if (contentType(event) !== "text/event-stream") return;
        ctx.examined();
        const value = header(event, "x-accel-buffering");
        if (value?.trim().toLowerCase() !== "no") {
          ctx.report(
            event.seq,
            value === undefined
              ? "an SSE response without X-Accel-Buffering: no"
              : `an SSE response with X-Accel-Buffering ${quote(value)}, not no`,
          );
        }
      },
    };
  },
};
