/**
 * The calls of two sessions matched up and compared: a call of the earlier session and one of the later are the
 * same call when they go the same way with the same method and the same parameters (request `_meta`, which carries
 * per-run progress tokens, left out), the k-th such call of one with the k-th of the other — so reordered calls still
 * pair. For each pair: did the status change, and is the later one notably slower or faster (both the absolute and
 * the relative thresholds crossed, so that neither a 1 ms call that took 3 ms nor a long call 2 % slower counts).
 */
import { canonicalJson, type Direction, isPlainObject } from "@mcp-conf/trace-format";
import type { CallEntry, CallStatus } from "../model.js";

/** How much slower or faster a call must be to be reported: by at least `thresholdMs` and `ratio` times. */
export interface DurationThresholds {
  thresholdMs: number;
  ratio: number;
}

/** 100 ms and 2×: a change a person would notice, and not the jitter of a busy machine. */
export const DEFAULT_DURATION_THRESHOLDS: Readonly<DurationThresholds> = { thresholdMs: 100, ratio: 2 };

/** One side of a matched call. */
export interface CallSide {
  seq: number;
  status: CallStatus;
  latencyMs?: number;
}

/** A call found in both sessions. */
export interface MatchedCall {
  direction: Direction;
  method: string;
  target?: string;
  before: CallSide;
  after: CallSide;
}

export interface StatusChange extends MatchedCall {
  /** ok before, anything else after: the call regressed. */
  worse: boolean;
}

export interface CallsComparison {
  matched: number;
  /** Calls of one session with no counterpart in the other. */
  onlyBefore: number;
  onlyAfter: number;
  statusChanged: StatusChange[];
  /** Notably slower in the later session, slowest change first. */
  slower: MatchedCall[];
  faster: MatchedCall[];
}

/** What makes two calls the same call: direction, method and parameters without `_meta`. */
function callKey(call: CallEntry): string {
  const params = isPlainObject(call.request) ? call.request.params : undefined;
  let comparable: unknown = params ?? null;
  if (isPlainObject(params) && "_meta" in params) {
    const { _meta, ...rest } = params;
    comparable = rest;
  }
  return `${call.direction} ${call.method} ${canonicalJson(comparable)}`;
}

function side(call: CallEntry): CallSide {
  const out: CallSide = { seq: call.seq, status: call.status };
  if (call.latencyMs !== undefined) out.latencyMs = call.latencyMs;
  return out;
}

/** Pairs the calls of two sessions and reports status and duration changes. */
export function compareCalls(
  before: readonly CallEntry[],
  after: readonly CallEntry[],
  thresholds: DurationThresholds = DEFAULT_DURATION_THRESHOLDS,
): CallsComparison {
  const waiting = new Map<string, CallEntry[]>();
  for (const call of before) {
    const key = callKey(call);
    const queue = waiting.get(key);
    if (queue) queue.push(call);
    else waiting.set(key, [call]);
  }
  const result: CallsComparison = {
    matched: 0,
    onlyBefore: 0,
    onlyAfter: 0,
    statusChanged: [],
    slower: [],
    faster: [],
  };
  for (const call of after) {
    const earlier = waiting.get(callKey(call))?.shift();
    if (!earlier) {
      result.onlyAfter++;
      continue;
    }
    result.matched++;
    const pair: MatchedCall = {
      direction: call.direction,
      method: call.method,
      before: side(earlier),
      after: side(call),
    };
    if (call.target !== undefined) pair.target = call.target;
    if (earlier.status !== call.status) {
      result.statusChanged.push({ ...pair, worse: earlier.status === "ok" });
    }
    const timing = durationChange(earlier.latencyMs, call.latencyMs, thresholds);
    if (timing === "slower") result.slower.push(pair);
    else if (timing === "faster") result.faster.push(pair);
  }
  for (const queue of waiting.values()) result.onlyBefore += queue.length;
  const change = (pair: MatchedCall) => Math.abs(pair.after.latencyMs! - pair.before.latencyMs!);
  result.slower.sort((a, b) => change(b) - change(a) || a.after.seq - b.after.seq);
  result.faster.sort((a, b) => change(b) - change(a) || a.after.seq - b.after.seq);
  return result;
}

/** Whether `after` is notably slower or faster than `before` (both thresholds crossed), or neither. */
export function durationChange(
  before: number | undefined,
  after: number | undefined,
  { thresholdMs, ratio }: DurationThresholds,
): "slower" | "faster" | undefined {
  if (before === undefined || after === undefined) return undefined;
  if (after - before >= thresholdMs && after >= before * ratio) return "slower";
  if (before - after >= thresholdMs && before >= after * ratio) return "faster";
  return undefined;
}
