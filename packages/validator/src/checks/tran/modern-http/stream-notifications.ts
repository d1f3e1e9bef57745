/**
 * shttp.stream-notifications-related — the notifications on a request's SSE response relate to that request
 * (2026-07-28): change notifications (list changes, resource updates, a subscription's acknowledgment, anything
 * naming a subscription) belong on a `subscriptions/listen` response, not on another request's. Judged only while
 * exactly one response is open, when the notification can have travelled on no other; the listen responses
 * themselves are left to the SUB checks. Progress under another token than the request's own is no fact of this
 * clause: with no other request in flight, its token is one no active request gave, which PROG-005 states.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import { quote } from "../../support/detail.js";
import { routedCheck } from "../../support/routed-check.js";

const LISTEN = "subscriptions/listen";
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const CHANGE_NOTIFICATIONS = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
  "notifications/subscriptions/acknowledged",
]);

const paramsOf = (message: { params?: unknown }) => (isPlainObject(message.params) ? message.params : {});

export const streamNotificationsRelated = routedCheck(
  "shttp.stream-notifications-related",
  "A notification on a request's SSE response relates to that request: no change notification.",
  {
    onStream(ctx, { request, seq, message }) {
      if (request.message.method === LISTEN) return;
      ctx.examined();
      const params = paramsOf(message);
      const meta = isPlainObject(params._meta) ? params._meta : {};
      const on = `on the response of the ${request.message.method} request (id ${quote(request.message.id)})`;
      if (CHANGE_NOTIFICATIONS.has(message.method) || meta[SUBSCRIPTION_ID] !== undefined) {
        ctx.report(
          seq,
          `the server sent a ${message.method} notification ${on}; change notifications belong on a ${LISTEN} response`,
        );
      }
    },
  },
);
