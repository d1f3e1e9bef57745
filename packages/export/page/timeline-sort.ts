/** The timeline's order: by seq (as recorded), by method (then seq), by status (then seq) or by latency (slowest last). */
import type { TimelineEntry } from "@mcp-conf/analysis";
import { label, statusOf } from "./model.js";

export const SORT_KEYS = ["seq", "method", "status", "latency"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

function keyOf(entry: TimelineEntry, key: SortKey): string | number {
  switch (key) {
    case "seq":
      return entry.seq;
    case "method":
      return label(entry);
    case "status":
      return statusOf(entry);
    case "latency":
      return entry.kind === "call" && entry.latencyMs !== undefined ? entry.latencyMs : -1;
  }
}

/** The filtered indexes in the asked order (ties in seq order). */
export function sortIndexes(
  indexes: number[],
  timeline: readonly TimelineEntry[],
  key: SortKey,
  descending: boolean,
): number[] {
  if (key === "seq") return descending ? [...indexes].reverse() : indexes;
  const keyed = indexes.map((index) => ({ index, key: keyOf(timeline[index]!, key), seq: timeline[index]!.seq }));
  keyed.sort((a, b) => {
    const compared = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return (descending ? -compared : compared) || a.seq - b.seq;
  });
  return keyed.map((item) => item.index);
}
