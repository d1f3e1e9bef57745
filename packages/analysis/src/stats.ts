/**
 * Statistics read off the calls of a timeline: counts by status, nearest-rank latency percentiles per method and
 * per tool, and the slowest calls. Pure functions over the timeline, recomputed on demand (the live view asks a few
 * times a second at most).
 */
import {
  CALL_STATUSES,
  type CallEntry,
  type CallStats,
  type CallStatus,
  type LatencySummary,
  type SlowCall,
} from "./model.js";

/** A zero count for every status, in the closed set's order. */
export function emptyStatusCounts(): Record<CallStatus, number> {
  const counts = {} as Record<CallStatus, number>;
  for (const status of CALL_STATUSES) counts[status] = 0;
  return counts;
}

/** The nearest-rank percentile `q` (0 < q ≤ 1) of values sorted ascending. */
export function nearestRank(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** p50, p95, p99 and max of some latencies (milliseconds). */
export function summarizeLatency(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const summary: LatencySummary = { measured: sorted.length };
  if (sorted.length === 0) return summary;
  summary.p50 = nearestRank(sorted, 0.5)!;
  summary.p95 = nearestRank(sorted, 0.95)!;
  summary.p99 = nearestRank(sorted, 0.99)!;
  summary.max = sorted[sorted.length - 1]!;
  return summary;
}

/** Calls grouped by `keyOf` (entries it maps to undefined are left out), sorted by name. */
export function callStats(calls: readonly CallEntry[], keyOf: (call: CallEntry) => string | undefined): CallStats[] {
  const groups = new Map<string, CallEntry[]>();
  for (const call of calls) {
    const key = keyOf(call);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(call);
    else groups.set(key, [call]);
  }
  return [...groups.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => {
      const group = groups.get(name)!;
      const byStatus = emptyStatusCounts();
      const latencies: number[] = [];
      for (const call of group) {
        byStatus[call.status]++;
        if (call.latencyMs !== undefined) latencies.push(call.latencyMs);
      }
      return { name, calls: group.length, byStatus, latency: summarizeLatency(latencies) };
    });
}

/** The `limit` slowest calls with a latency, slowest first; ties in seq order. */
export function slowestCalls(calls: readonly CallEntry[], limit = 10): SlowCall[] {
  return calls
    .filter((call) => call.latencyMs !== undefined)
    .sort((a, b) => b.latencyMs! - a.latencyMs! || a.seq - b.seq)
    .slice(0, limit)
    .map((call) => {
      const slow: SlowCall = { seq: call.seq, method: call.method, latencyMs: call.latencyMs! };
      if (call.target !== undefined) slow.target = call.target;
      return slow;
    });
}
