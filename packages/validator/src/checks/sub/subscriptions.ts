/**
 * `subscriptions/listen` streams: the server acknowledges a subscription before any other notification on it
 * (sub.acknowledged-first) and sends only the notification types the client's filter asked for (sub.only-requested).
 * Notifications are tied to their subscription by `_meta` `io.modelcontextprotocol/subscriptionId`, the id of the
 * listen request.
 */

import { idKey, type MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { quote } from "../support/detail.js";
import { SUBSCRIBED_NOTIFICATIONS, SUBSCRIPTION_ID_META_KEY } from "../support/modern.js";
import { metaOf, paramsOf } from "../support/readers.js";

const LISTEN = "subscriptions/listen";
const ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
const MAX_SUBSCRIPTIONS = 1000;

interface Subscription {
  filter: Record<string, unknown>;
  acknowledged: boolean;
}

/** Follows listen requests and hands each subscribed notification, with its subscription, to a judge. */
function subscriptionCheck(
  id: string,
  description: string,
  judge: (
    report: (detail: string) => void,
    ref: MessageRef,
    subscription: Subscription,
    params: Record<string, unknown>,
  ) => boolean,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: [LISTEN, ACKNOWLEDGED, ...Object.keys(SUBSCRIBED_NOTIFICATIONS)] },
    create(ctx) {
      const subscriptions = new BoundedMap<string, Subscription>(MAX_SUBSCRIPTIONS);
      return {
        message(ref: MessageRef) {
          const m = ref.message;
          if (m.type === "request" && m.method === LISTEN && ref.direction === "client-to-server") {
            const filter = paramsOf(ref)?.notifications;
            subscriptions.set(idKey(m.id), { filter: isPlainObject(filter) ? filter : {}, acknowledged: false });
            return;
          }
          if (m.type !== "notification" || ref.direction !== "server-to-client") return;
          const params = paramsOf(ref) ?? {};
          const subscriptionId = metaOf(params)?.[SUBSCRIPTION_ID_META_KEY];
          if (typeof subscriptionId !== "string" && typeof subscriptionId !== "number") return;
          const subscription = subscriptions.get(idKey(subscriptionId));
          if (!subscription) return;
          if (judge((detail) => ctx.report(ref.seq, detail), ref, subscription, params)) ctx.examined();
          if (m.method === ACKNOWLEDGED) subscription.acknowledged = true;
        },
      };
    },
  };
}

export const acknowledgedFirst = subscriptionCheck(
  "sub.acknowledged-first",
  "A subscription's acknowledgment comes before any other notification on it.",
  (report, ref, subscription) => {
    if (ref.message.type !== "notification") return false;
    if (ref.message.method !== ACKNOWLEDGED && !subscription.acknowledged)
      report(`${quote(ref.message.method)} arrived on a subscription before its ${ACKNOWLEDGED}`);
    return true;
  },
);

export const onlyRequested = subscriptionCheck(
  "sub.only-requested",
  "A subscription delivers only the notification types its filter asked for.",
  (report, ref, subscription, params) => {
    if (ref.message.type !== "notification" || ref.message.method === ACKNOWLEDGED) return false;
    const method = ref.message.method;
    const field = SUBSCRIBED_NOTIFICATIONS[method]!;
    const asked = subscription.filter[field];
    const requested =
      field === "resourceSubscriptions" ? Array.isArray(asked) && asked.includes(params.uri) : asked === true;
    if (!requested)
      report(
        field === "resourceSubscriptions"
          ? `${quote(method)} for ${quote(params.uri ?? null)}, a resource the subscription's filter did not list`
          : `${quote(method)} on a subscription whose filter did not set ${field}`,
      );
    return true;
  },
);
