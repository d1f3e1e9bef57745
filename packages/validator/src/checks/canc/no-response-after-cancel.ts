/**
 * A receiver that got a cancellation should not answer the cancelled request. Judged when the answer arrives
 * after the cancellation was seen (a warning: the two can cross on the wire).
 */
import type { Exchange, MessageRef, RequestRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { cancelledId } from "../support/readers.js";
import { openTarget } from "./issued-requests.js";

export const noResponseAfterCancel: CheckDefinition = {
  id: "canc.no-response-after-cancel",
  description: "A request cancelled while in flight is not answered afterwards.",
  subscribe: { messages: ["notifications/cancelled"], exchanges: ["*request"] },
  create(ctx) {
    const cancelled = new Map<RequestRef, number>();
    return {
      message(ref: MessageRef) {
        const id = cancelledId(ref);
        if (id === undefined) return;
        const target = openTarget(ctx.openRequests(), ref, id);
        if (target && cancelled.size < 10_000) cancelled.set(target, ref.seq);
      },
      exchange(x: Exchange) {
        if (cancelled.size === 0 || x.type !== "request") return;
        const cancelSeq = cancelled.get(x.request);
        if (cancelSeq === undefined) return;
        cancelled.delete(x.request);
        ctx.examined();
        if (x.response) {
          ctx.report(
            x.response.seq,
            `request id ${JSON.stringify(x.request.message.id)} (${JSON.stringify(x.method)}) was answered after its cancellation at seq ${cancelSeq}`,
          );
        }
      },
    };
  },
};
