/**
 * Log messages at 2026-07-28 are request-scoped (server/utilities/logging): a client asks for them per request, in
 * `_meta` `io.modelcontextprotocol/logLevel`, and the server sends `notifications/message` only while such a request
 * is in flight (log.message-requested) and never on a `subscriptions/listen` stream, which marks its notifications
 * with `_meta` `io.modelcontextprotocol/subscriptionId` (log.message-not-on-subscription).
 */
import type { MessageRef } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { LOG_LEVEL_META_KEY, requestMeta, SUBSCRIPTION_ID_META_KEY } from "../support/modern.js";
import { metaOf, paramsOf } from "../support/readers.js";

/** A check of each notifications/message the server sends: `judge` returns what is wrong with it, if anything. */
function logMessageCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, ref: MessageRef) => string | undefined,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: ["notifications/message"] },
    create(ctx) {
      return {
        message(ref: MessageRef) {
          if (ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
          ctx.examined();
          const problem = judge(ctx, ref);
          if (problem !== undefined) ctx.report(ref.seq, problem);
        },
      };
    },
  };
}

export const logMessageRequested = logMessageCheck(
  "log.message-requested",
  "The server sends notifications/message only while a client request asking for log messages is in flight.",
  (ctx) => {
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
);

export const logMessageNotOnSubscription = logMessageCheck(
  "log.message-not-on-subscription",
  "No notifications/message is delivered on a subscriptions/listen stream.",
  (_ctx, ref) => {
    const subscription = metaOf(paramsOf(ref))?.[SUBSCRIPTION_ID_META_KEY];
    return subscription === undefined
      ? undefined
      : `notifications/message delivered on the subscriptions/listen stream ${quote(subscription)}`;
  },
);
