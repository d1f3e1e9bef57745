/**
 * W3C Trace Context read off a request's `params._meta`: a valid `traceparent` gives the span its trace id and its
 * (remote) parent span id; `tracestate` is carried unchanged next to it. Anything malformed is ignored, as the
 * W3C recommendation says a receiver must do, and the span stays in the session's own trace.
 */
import { isPlainObject } from "@mcp-conf/trace-format";

export interface RemoteParent {
  traceId: string;
  parentSpanId: string;
  /** The W3C trace flags byte (bit 0: sampled). */
  traceFlags: number;
  traceState?: string;
}

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
/** A later version may append fields after the flags, each introduced by a dash. */
const FUTURE_VERSION = /^([0-9a-e][0-9a-f]|f[0-9a-e])-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
/** The W3C limit for a tracestate header we are required to carry: 512 characters of printable ASCII. */
const TRACESTATE = /^[\x20-\x7e]{0,512}$/;

/** Parses a `traceparent` value; undefined unless it is valid W3C trace context. */
export function parseTraceparent(value: unknown): Omit<RemoteParent, "traceState"> | undefined {
  if (typeof value !== "string" || value.length > 512) return undefined;
  const m = value.startsWith("00-") ? VERSION_00.exec(value) : FUTURE_VERSION.exec(value);
  if (!m) return undefined;
  const [traceId, parentSpanId, flags] = value.startsWith("00-") ? [m[1], m[2], m[3]] : [m[2], m[3], m[4]];
  if (!traceId || !parentSpanId || !flags) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentSpanId)) return undefined;
  return { traceId, parentSpanId, traceFlags: Number.parseInt(flags, 16) };
}

/** The remote parent a request or notification declares in `params._meta`, if any. */
export function remoteParentOf(params: unknown): RemoteParent | undefined {
  if (!isPlainObject(params) || !isPlainObject(params._meta)) return undefined;
  const parent = parseTraceparent(params._meta.traceparent);
  if (!parent) return undefined;
  const state = params._meta.tracestate;
  return typeof state === "string" && TRACESTATE.test(state) ? { ...parent, traceState: state } : parent;
}
