/**
 * Spans as an OTLP `ExportTraceServiceRequest` in the protobuf JSON encoding OTLP/HTTP specifies: lowerCamelCase
 * field names, trace and span ids as lower-case hex, 64-bit integers (times, `intValue`) as decimal strings, enums
 * as integers, default values left out. Written here rather than through the SDK's serializer, which writes
 * integer attributes as JSON numbers; a strict receiver may refuse those.
 */
import type { Attributes, AttributeValue, MappedSpan } from "./span.js";
import { SCOPE_NAME, VERSION } from "./version.js";

/** What the spans' resource says about who produced them. */
export interface ResourceInfo {
  /** `service.name`; default `mcp-conf`. */
  serviceName?: string;
  /** Further resource attributes. */
  attributes?: Attributes;
}

type OtlpAnyValue = { stringValue: string } | { boolValue: boolean } | { intValue: string };
interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

const SPAN_KINDS = { internal: 1, client: 3 } as const;
const STATUS_CODE_ERROR = 2;
/** OTLP span flags: the low byte is the W3C trace flags; bit 8 says whether bit 9 (parent is remote) is known. */
const FLAG_HAS_IS_REMOTE = 0x100;
const FLAG_IS_REMOTE = 0x200;

function anyValue(value: AttributeValue): OtlpAnyValue {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  return { intValue: String(Math.trunc(value)) };
}

function keyValues(attributes: Attributes): OtlpKeyValue[] {
  return Object.keys(attributes).map((key) => ({ key, value: anyValue(attributes[key]!) }));
}

function otlpSpan(span: MappedSpan): Record<string, unknown> {
  const out: Record<string, unknown> = { traceId: span.traceId, spanId: span.spanId };
  if (span.traceState !== undefined && span.traceState !== "") out.traceState = span.traceState;
  if (span.parentSpanId !== undefined) out.parentSpanId = span.parentSpanId;
  out.flags = (span.traceFlags & 0xff) | FLAG_HAS_IS_REMOTE | (span.parentSpanId !== undefined ? FLAG_IS_REMOTE : 0);
  out.name = span.name;
  out.kind = SPAN_KINDS[span.kind];
  out.startTimeUnixNano = span.startNanos.toString();
  out.endTimeUnixNano = span.endNanos.toString();
  out.attributes = keyValues(span.attributes);
  if (span.events.length > 0) {
    out.events = span.events.map((event) => ({
      timeUnixNano: event.timeNanos.toString(),
      name: event.name,
      attributes: keyValues(event.attributes),
    }));
  }
  if (span.droppedEvents > 0) out.droppedEventsCount = span.droppedEvents;
  out.status = span.status.code === "error" ? { message: span.status.message, code: STATUS_CODE_ERROR } : {};
  return out;
}

/** The `ExportTraceServiceRequest` for these spans, as a plain JSON-ready object. */
export function toOtlpRequest(spans: readonly MappedSpan[], resource: ResourceInfo = {}): Record<string, unknown> {
  const resourceAttributes: Attributes = { "service.name": resource.serviceName ?? "mcp-conf", ...resource.attributes };
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resourceAttributes) },
        scopeSpans: [{ scope: { name: SCOPE_NAME, version: VERSION }, spans: spans.map(otlpSpan) }],
      },
    ],
  };
}

/** The OTLP JSON text of an `ExportTraceServiceRequest` for these spans. */
export function encodeOtlpJson(spans: readonly MappedSpan[], resource: ResourceInfo = {}): string {
  return JSON.stringify(toOtlpRequest(spans, resource));
}
