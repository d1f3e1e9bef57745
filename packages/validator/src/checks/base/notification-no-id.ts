/**
 * base.notification-no-id — a notification carries no id: a message naming a method the schema defines as a
 * notification (`notifications/…`) must not come with an `id`.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { sender } from "../support/readers.js";
import { methodTypes } from "../support/schema-methods.js";

export const notificationNoId: CheckDefinition = {
  id: "base.notification-no-id",
  description: "A notification never carries an id.",
  subscribe: { messages: ["*request", "*notification"] },
  create(ctx) {
    const notifications = methodTypes(ctx.revision)?.notifications;
    const isNotificationMethod = (method: string) => notifications?.has(method) ?? method.startsWith("notifications/");
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type === "notification") {
          ctx.examined();
          return;
        }
        if (m.type !== "request" || !isNotificationMethod(m.method)) return;
        ctx.examined();
        ctx.report(ref.seq, `${sender(ref)} notification ${quote(m.method)} carries id ${quote(m.id)}`);
      },
    };
  },
};
