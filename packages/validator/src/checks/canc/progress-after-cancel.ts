/**
 * A receiver should stop processing a cancelled request. The wire shows processing that goes on when progress
 * notifications for the cancelled request's token keep coming after the cancellation (a warning: one notification
 * already in flight may cross the cancellation).
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { cancelledId, metaOf, opposite, paramsOf } from "../support/readers.js";
import { openTarget } from "./issued-requests.js";

function tokenKey(direction: string, token: unknown): string {
  return `${direction}\u0000${typeof token}\u0000${String(token)}`;
}

export const progressStopsAfterCancel: CheckDefinition = {
  id: "canc.progress-stops-after-cancel",
  description: "No progress notification for a request arrives after that request was cancelled.",
  subscribe: { messages: ["notifications/cancelled", "notifications/progress", "*request"] },
  create(ctx) {
    /** Tokens of cancelled requests, keyed by the direction progress for them travels in → cancellation seq. */
    const cancelled = new BoundedMap<string, { seq: number; reported: boolean }>(10_000);
    return {
      message(ref: MessageRef) {
        const params = paramsOf(ref);
        if (ref.message.type === "request") {
          // A new request may reuse the token of a cancelled one.
          const token = metaOf(params)?.progressToken;
          if (token !== undefined && cancelled.size > 0) cancelled.delete(tokenKey(opposite(ref.direction), token));
          return;
        }
        if (ref.message.type !== "notification") return;
        if (ref.message.method === "notifications/cancelled") {
          const id = cancelledId(ref);
          if (id === undefined) return;
          const target = openTarget(ctx.openRequests(), ref, id);
          const token = target ? metaOf(paramsOf(target))?.progressToken : undefined;
          if (token === undefined) return;
          ctx.examined();
          cancelled.set(tokenKey(opposite(ref.direction), token), { seq: ref.seq, reported: false });
          return;
        }
        if (cancelled.size === 0) return;
        const entry = cancelled.get(tokenKey(ref.direction, params?.progressToken));
        if (!entry || entry.reported) return;
        entry.reported = true;
        ctx.report(
          ref.seq,
          `progress for token ${JSON.stringify(params?.progressToken)} after its request was cancelled at seq ${entry.seq}`,
        );
      },
    };
  },
};
