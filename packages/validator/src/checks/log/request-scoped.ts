/**
 * Log messages at 2026-07-28 are request-scoped (server/utilities/logging): a client asks for them per request, in
 * `_meta` `io.modelcontextprotocol/logLevel`, and the server sends `notifications/message` only while such a request
 * is in flight (log.message-requested) and never on a `subscriptions/listen` stream, which marks its notifications
 * with `_meta` `io.modelcontextprotocol/subscriptionId` (log.message-not-on-subscription).
 */
import type { MessageRef } from "@mcp-conf/session";
import { quote } from "../support/detail.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { LOG_LEVEL_META_KEY, requestMeta, SUBSCRIPTION_ID_META_KEY } from "../support/modern.js";
import { metaOf, paramsOf } from "../support/readers.js";

/** Each notifications/message the server sends. */
const serverLogMessage = (ref: MessageRef) =>
  ref.direction === "server-to-client" && ref.message.type === "notification" ? ref : undefined;

export const logMessageRequested = messageRuleCheck({
  id: "log.message-requested",
  description:
    "The server sends notifications/message only while a client request asking for log messages is in flight.",
  subscribe: { messages: ["notifications/message"] },
  subject: serverLogMessage,
  judge(_ref, ctx) {
    const asking = ctx
      .openRequests()
      .some(
        (request) =>
          request.direction === "client-to-server" && requestMeta(request)?.[LOG_LEVEL_META_KEY] !== undefined,
      );
    return asking
      ? undefined
      : `notifications/message while no request in flight carries _meta ${quote(LOG_LEVEL_META_KEY)}`;
  },
});

export const logMessageNotOnSubscription = messageRuleCheck({
  id: "log.message-not-on-subscription",
  description: "No notifications/message is delivered on a subscriptions/listen stream.",
  subscribe: { messages: ["notifications/message"] },
  subject: serverLogMessage,
  judge(ref) {
    const subscription = metaOf(paramsOf(ref))?.[SUBSCRIPTION_ID_META_KEY];
    return subscription === undefined
      ? undefined
      : `notifications/message delivered on the subscriptions/listen stream ${quote(subscription)}`;
  },
});
