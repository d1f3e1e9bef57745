/**
 * "When the list of available X changes, servers that declared the listChanged capability SHOULD send a
 * notification": two complete listings whose item keys differ show a change; a list_changed notification must
 * have come after the earlier listing completed. Judged at the end, since a late notification still counts. One
 * factory serves tools, prompts and resources. Where notifications travel on subscriptions/listen streams
 * (2026-07-28), the rule is the stream's: see list-changed-on-stream.ts.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { LISTEN, onStreamHandlers } from "./list-changed-on-stream.js";
import { describeChange, type ListChangeSpec, listingKeys, sameKeys } from "./list-changes.js";
import { ListingAssembler } from "./listing.js";
import { methodTypes } from "./schema-methods.js";

export function listChangedNotifiedCheck(spec: ListChangeSpec): CheckDefinition {
  return {
    id: spec.id,
    description: `Two complete ${spec.listMethod} listings that differ are separated by a ${spec.notification}; where the revision has ${LISTEN} streams, it is sent on a stream that asked for it and on no other.`,
    subscribe: {
      exchanges: [spec.listMethod, LISTEN],
      messages: [spec.notification, LISTEN],
      events: ["lifecycle"],
      transports: ["streamable-http"],
    },
    create(ctx) {
      if (methodTypes(ctx.revision)?.result.has(LISTEN)) return onStreamHandlers(spec, ctx);
      const assembler = new ListingAssembler(spec.itemsKey);
      let last: { keys: string[]; seq: number } | undefined;
      let notified = false;
      let pending: { seq: number; detail: string } | undefined;
      return {
        message(ref: MessageRef) {
          if (ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
          notified = true;
          pending = undefined;
        },
        exchange(exchange) {
          if (exchange.type !== "request" || exchange.method !== spec.listMethod) return;
          const listing = assembler.accept(exchange)?.listing;
          if (!listing) return;
          const keys = listingKeys(spec, listing.items);
          if (last && !sameKeys(last.keys, keys)) {
            ctx.examined();
            if (!notified && !pending) {
              pending = { seq: listing.seq, detail: describeChange(spec, last, keys, listing.seq) };
            }
          }
          last = { keys, seq: listing.seq };
          notified = false;
        },
        finish() {
          if (pending) ctx.report(pending.seq, pending.detail);
        },
      };
    },
  };
}
