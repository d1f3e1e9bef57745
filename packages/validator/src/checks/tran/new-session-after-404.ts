/**
 * tran.new-session-after-404 (TRAN-045) — a client told 404 for a request that carried an MCP-Session-Id (the
 * session is gone) starts a new session: the next request it sends is an initialize request without a session id.
 * Only a 404 certainly paired with its request counts (see HttpRequests); requests already on their way are not
 * judged, only those sent after the 404 arrived.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { type HttpRequest, HttpRequests, header } from "../support/http-requests.js";

export const newSessionAfter404: CheckDefinition = {
  id: "tran.new-session-after-404",
  description:
    "After HTTP 404 for a request in a session, the client's next request is an initialize without a session id.",
  subscribe: { events: ["http", "message"] },
  create(ctx) {
    const http = new HttpRequests();
    let ended: { seq: number; session: string } | undefined;
    const judge = (request: HttpRequest) => {
      if (!ended || request.seq < ended.seq) return;
      const session = ended.session;
      ended = undefined;
      ctx.examined();
      const sent = header(request.event, "mcp-session-id");
      if (request.rpcMethod === "initialize" && sent === undefined) return;
      const what =
        request.rpcMethod === undefined ? `a ${request.method} request` : `a ${quote(request.rpcMethod)} request`;
      ctx.report(
        request.seq,
        `after HTTP 404 ended session ${quote(session)}, the client sent ${what}${sent === undefined ? "" : ` with MCP-Session-Id ${quote(sent)}`} instead of a new initialize request without a session id`,
      );
    };
    return {
      event(event: TraceEvent) {
        const reading = http.observe(event);
        for (const request of reading.settled) judge(request);
        const response = reading.response;
        if (response?.certain && response.request && response.event.status === 404) {
          const session = header(response.request.event, "mcp-session-id");
          if (session !== undefined) ended = { seq: response.event.seq, session };
        }
      },
      finish() {
        for (const request of http.finish()) judge(request);
      },
    };
  },
};
