/**
 * The HTTP+SSE transport of 2024-11-05 (TRAN-055/056), on events of transport `sse`: the event stream the client
 * opens begins with an `endpoint` event (the recorder writes the path it named on the stream's response, as
 * `endpoint`), and every client message then travels in a POST of its own to that path.
 */
import type { HttpEvent, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { contentType } from "../support/http-requests.js";

export const sseEndpointEvent: CheckDefinition = {
  id: "tran.sse-endpoint-event",
  description: "The event stream a client opens over HTTP+SSE begins with an endpoint event naming where to POST.",
  subscribe: { events: ["http"] },
  create(ctx) {
    return {
      event(event: TraceEvent) {
        if (event.kind !== "http" || event.transport !== "sse" || event.direction !== "server-to-client") return;
        const status = event.status ?? 0;
        if (status < 200 || status >= 300 || contentType(event) !== "text/event-stream") return;
        ctx.examined();
        if (typeof event.endpoint !== "string" || event.endpoint === "") {
          ctx.report(event.seq, "the event stream the client opened did not begin with an endpoint event");
        }
      },
    };
  },
};

export const ssePostsToEndpoint: CheckDefinition = {
  id: "tran.sse-posts-to-endpoint",
  description: "Over HTTP+SSE every client message is POSTed, in a request of its own, to the announced endpoint.",
  subscribe: { events: ["http", "message"] },
  create(ctx) {
    let endpoint: string | undefined;
    let carriers = 0;
    let messages = 0;
    return {
      event(event: TraceEvent) {
        if (event.transport !== "sse") return;
        if (event.kind === "http" && event.direction === "server-to-client") {
          if (typeof event.endpoint === "string" && event.endpoint !== "") endpoint = event.endpoint;
        } else if (event.kind === "http" && event.method !== undefined && event.method !== "GET") {
          carriers++;
          judgeRequest(event);
        } else if (event.kind === "message" && event.direction === "client-to-server" && endpoint !== undefined) {
          messages++;
          ctx.examined();
          if (messages > carriers) {
            ctx.report(event.seq, "a client message travelled without an HTTP POST of its own to carry it");
          }
        }
      },
    };

    // Without an endpoint there is none to POST to: that is the server's fault, judged by tran.sse-endpoint-event.
    function judgeRequest(event: HttpEvent): void {
      if (endpoint === undefined) return;
      ctx.examined();
      if (event.method !== "POST") {
        ctx.report(event.seq, `a client message was sent with HTTP ${quote(event.method)}, not POST`);
      } else if (event.path !== undefined && event.path !== endpoint) {
        ctx.report(
          event.seq,
          `a client message was POSTed to ${quote(event.path)}, not to the endpoint ${quote(endpoint)}`,
        );
      }
    }
  },
};
