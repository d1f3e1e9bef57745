/**
 * The server's HTTP responses (TRAN-016/018/030): a POST carrying a notification or response is answered 202
 * Accepted; a POST carrying a request is answered with Content-Type text/event-stream or application/json; a GET
 * with text/event-stream or 405. The trace does not record which request a response answers, so a response is
 * judged only when every request waiting at the time is of one kind — then it answers one of them, whichever —
 * and no earlier guess can have left the wrong requests waiting.
 */
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import {
  contentType,
  type HttpRequestKind,
  type HttpResponseReading,
  httpReadingCheck,
} from "../support/http-requests.js";

function serverResponseCheck(
  id: string,
  description: string,
  kind: HttpRequestKind,
  judge: (ctx: CheckContext, response: HttpResponseReading, status: number) => void,
): CheckDefinition {
  return httpReadingCheck(id, description, {
    reading(ctx, { response }) {
      if (!response?.trusted || response.waitingKinds.size !== 1 || !response.waitingKinds.has(kind)) return;
      ctx.examined();
      judge(ctx, response, response.event.status ?? 0);
    },
  });
}

const success = (status: number) => status >= 200 && status < 300;
const typeText = (type: string | undefined) => (type === undefined ? "no Content-Type" : `Content-Type ${quote(type)}`);

export const notificationPost202 = serverResponseCheck(
  "tran.notification-post-202",
  "A POST carrying a notification or response that the server accepts is answered 202 Accepted.",
  "post-notification",
  (ctx, response, status) => {
    if (success(status) && status !== 202) {
      ctx.report(
        response.event.seq,
        `HTTP ${status} answered a POST carrying a notification or response; an accepted one is answered 202 Accepted`,
      );
    }
  },
);

export const requestPostContentType = serverResponseCheck(
  "tran.request-post-content-type",
  "A POST carrying a request is answered with Content-Type text/event-stream or application/json.",
  "post-request",
  (ctx, response, status) => {
    if (!success(status)) return;
    const type = contentType(response.event);
    if (status === 202 || status === 204) {
      ctx.report(
        response.event.seq,
        `HTTP ${status} answered a POST carrying a request; it needs an SSE stream or a JSON body`,
      );
    } else if (type !== "text/event-stream" && type !== "application/json") {
      ctx.report(
        response.event.seq,
        `HTTP ${status} with ${typeText(type)} answered a POST carrying a request; expected text/event-stream or application/json`,
      );
    }
  },
);

export const getResponse = serverResponseCheck(
  "tran.get-response",
  "A GET is answered with Content-Type text/event-stream, or 405 Method Not Allowed.",
  "get",
  (ctx, response, status) => {
    if (!success(status)) return;
    const type = contentType(response.event);
    if (type !== "text/event-stream") {
      ctx.report(
        response.event.seq,
        `HTTP ${status} with ${typeText(type)} answered a GET; expected text/event-stream (or 405 Method Not Allowed)`,
      );
    }
  },
);
