/**
 * What the list-changed checks share (list-changed-notified.ts, list-changed-on-stream.ts): which list and
 * notification a check follows, the keys a listing holds, and how a change between two listings is described.
 */
import { quote } from "./detail.js";

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

/** The distinct keys of a listing's items, sorted. */
export function listingKeys(spec: ListChangeSpec, items: readonly unknown[]): string[] {
  return [...new Set(items.map(spec.keyOf).filter((k): k is string => k !== undefined))].sort();
}

export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

export function describeChange(
  spec: ListChangeSpec,
  before: { keys: string[]; seq: number },
  after: string[],
  seq: number,
) {
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
