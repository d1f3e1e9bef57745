/**
 * tran.ended-session-404 (TRAN-044) — once a session has ended, the server answers requests that carry its id
 * with 404 Not Found, never by serving them. A session is known to have ended when the client's DELETE for it was
 * answered with success, or when the server answered a request in it with 404. Only responses certainly paired
 * with their request count (see HttpRequests); an error status is not judged (authorization may come first).
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { HttpRequests, header } from "../support/http-requests.js";

const MAX_ENDED = 16;

export const endedSession404: CheckDefinition = {
  id: "tran.ended-session-404",
  description: "Requests carrying the id of a session that has ended are answered 404 Not Found.",
  subscribe: { events: ["http", "message"] },
  create(ctx) {
    const http = new HttpRequests();
    /** Ended session id → the seq of the response that showed it ended. */
    const ended = new Map<string, number>();
    return {
      event(event: TraceEvent) {
        const response = http.observe(event).response;
        if (!response?.certain || !response.request) return;
        const session = header(response.request.event, "mcp-session-id");
        if (session === undefined) return;
        const status = response.event.status ?? 0;
        const endedAt = ended.get(session);
        if (endedAt !== undefined) {
          ctx.examined();
          if (status < 400) {
            ctx.report(
              response.event.seq,
              `HTTP ${status} served a ${response.request.method} request in session ${quote(session)}, which ended at seq ${endedAt}; expected 404 Not Found`,
            );
          }
          return;
        }
        const deleted = response.request.kind === "delete" && status >= 200 && status < 300;
        if ((deleted || status === 404) && ended.size < MAX_ENDED) ended.set(session, response.event.seq);
      },
    };
  },
};
