/**
 * "When the list of available X changes, servers that declared the listChanged capability SHOULD send a
 * notification": two complete listings whose item keys differ show a change; a list_changed notification must
 * have come after the earlier listing completed. Judged at the end, since a late notification still counts. One
 * factory serves tools, prompts and resources.
 */
import type { MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "./detail.js";
import { ListingAssembler } from "./listing.js";

export interface ListChangeSpec {
  id: string;
  listMethod: string;
  itemsKey: string;
  notification: string;
  /** What identifies an item (a tool's name, a resource's uri). */
  keyOf: (item: unknown) => string | undefined;
  noun: string;
}

/** At most this many added/removed keys are named in a detail. */
const NAMED_KEYS = 3;

export function listChangedNotifiedCheck(spec: ListChangeSpec): CheckDefinition {
  return {
    id: spec.id,
    description: `Two complete ${spec.listMethod} listings that differ are separated by a ${spec.notification}.`,
    subscribe: { exchanges: [spec.listMethod], messages: [spec.notification] },
    create(ctx) {
      const assembler = new ListingAssembler(spec.itemsKey);
      let last: { keys: string[]; seq: number } | undefined;
      let notified = false;
      let pending: { seq: number; detail: string } | undefined;
      return {
        message(ref: MessageRef) {
          if (ref.direction !== "server-to-client") return;
          notified = true;
          pending = undefined;
        },
        exchange(exchange) {
          const listing = assembler.accept(exchange)?.listing;
          if (!listing) return;
          const keys = [...new Set(listing.items.map(spec.keyOf).filter((k): k is string => k !== undefined))].sort();
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

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

function describeChange(spec: ListChangeSpec, before: { keys: string[]; seq: number }, after: string[], seq: number) {
  const had = new Set(before.keys);
  const has = new Set(after);
  const added = after.filter((k) => !had.has(k));
  const removed = before.keys.filter((k) => !has.has(k));
  const name = (keys: string[]) =>
    keys
      .slice(0, NAMED_KEYS)
      .map((value) => quote(value))
      .join(", ") + (keys.length > NAMED_KEYS ? `, … (${keys.length} in all)` : "");
  const parts = [];
  if (added.length > 0) parts.push(`added ${name(added)}`);
  if (removed.length > 0) parts.push(`removed ${name(removed)}`);
  return `the ${spec.noun} list changed between the listings completed at seq ${before.seq} and seq ${seq} (${parts.join("; ")}) with no ${spec.notification} in between`;
}
