/**
 * The span as this package builds it: plain data, independent of any OpenTelemetry SDK, so mapping stays pure and
 * fast and the OTLP JSON encoding (`otlp-json.ts`) is ours to keep strict. An exchange's span is of kind CLIENT; a
 * span that stands for no call (a fleet's verdict on a whole session) is INTERNAL.
 */

/** Attribute values: strings, booleans, and integers (encoded as OTLP `intValue`). */
export type AttributeValue = string | boolean | number;
export type Attributes = Record<string, AttributeValue>;

export interface SpanEvent {
  name: string;
  /** Nanoseconds since the Unix epoch. */
  timeNanos: bigint;
  attributes: Attributes;
}

export type SpanStatus = { code: "unset" } | { code: "error"; message: string };

export interface MappedSpan {
  /** 32 lower-case hex characters. */
  traceId: string;
  /** 16 lower-case hex characters. */
  spanId: string;
  /** The remote parent from `params._meta.traceparent`, if any. */
  parentSpanId?: string;
  /** `tracestate` from `params._meta`, carried unchanged. */
  traceState?: string;
  /** W3C trace flags (bit 0: sampled). */
  traceFlags: number;
  name: string;
  kind: "client" | "internal";
  startNanos: bigint;
  endNanos: bigint;
  attributes: Attributes;
  events: SpanEvent[];
  /** Finding events beyond the per-span limit. */
  droppedEvents: number;
  status: SpanStatus;
}
