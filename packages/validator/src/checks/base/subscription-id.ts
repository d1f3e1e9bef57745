/**
 * meta.subscription-id-present — the notifications only a `subscriptions/listen` stream delivers (list changes,
 * resource updates, and its acknowledgment) carry `io.modelcontextprotocol/subscriptionId` in `_meta`.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { SUBSCRIBED_NOTIFICATIONS, SUBSCRIPTION_ID_META_KEY } from "../support/modern.js";
import { metaOf, paramsOf } from "../support/readers.js";

const ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

export const subscriptionIdPresent: CheckDefinition = {
  id: "meta.subscription-id-present",
  description: "Notifications delivered on a subscriptions/listen stream carry the subscription id in _meta.",
  subscribe: { messages: [...Object.keys(SUBSCRIBED_NOTIFICATIONS), ACKNOWLEDGED] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "notification" || ref.direction !== "server-to-client") return;
        ctx.examined();
        const id = metaOf(paramsOf(ref))?.[SUBSCRIPTION_ID_META_KEY];
        if (typeof id !== "string" && typeof id !== "number")
          ctx.report(
            ref.seq,
            `${quote(m.method)} carries _meta ${quote(SUBSCRIPTION_ID_META_KEY)} ${quote(id ?? null)}, not a request id`,
          );
      },
    };
  },
};
