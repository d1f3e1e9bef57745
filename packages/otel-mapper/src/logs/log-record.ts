/**
 * One trace event as one OTLP LogRecord (docs/fleet.md): the body is the event's trace line exactly as a trace file
 * holds it (trace-format's `serializeEvent`), so a receiver writes back the same bytes and judges the same trace;
 * the attributes repeat what a collector routes and filters on, and the trace and span ids are those of the
 * exchange's span (`derivedIds(session)`), so logs and spans of one session correlate. No `event_name` is set: the
 * field is newer than the OTLP protos many receivers still check against.
 */

import { idKey } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";

/** The instrumentation scope the records are emitted under. */
export const LOG_SCOPE = "@mcp-conf/otel-mapper";

/** Attribute names on every record (the routing key of the fleet pipeline is `SESSION`). */
export const LOG_ATTRIBUTES = {
  /** The recorder's session id (`meta.session`): unique per recorded session, across recorders. */
  session: "mcp_conf.session",
  /**
   * The event's seq within its session, as a decimal string: the SDK's JSON encoder writes an integer attribute as a
   * JSON number, which strict OTLP JSON (int64 as a decimal string) refuses. Receivers read an integer too.
   */
  seq: "mcp_conf.seq",
  direction: "mcp_conf.direction",
  kind: "mcp_conf.event.kind",
  transport: "mcp_conf.transport",
  /** The recorder's label for the server (`--label`). */
  label: "mcp_conf.server.label",
  method: "mcp.method.name",
  requestId: "jsonrpc.request.id",
  /**
   * The conversation a message belongs to (2026-07-28 across replicas, docs/fleet.md): `w3c-<trace id>` of the W3C
   * `traceparent` in the request's `_meta` (an answer, progress and a cancellation take their request's:
   * conversations.ts).
   */
  conversation: "mcp_conf.conversation",
  /**
   * What the Collector routes on: the conversation of the session's first client message, else
   * `<exporter instance>/<session>`; the same for every record of a session, so a session stays whole.
   */
  route: "mcp_conf.route",
} as const;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The conversation key a client's request carries: the trace id of the W3C `traceparent` in its `_meta`. */
export function conversationOf(event: TraceEvent): string | undefined {
  if (event.kind !== "message" || event.direction !== "client-to-server" || !isPlainObject(event.payload))
    return undefined;
  const params = (event.payload as { params?: unknown }).params;
  if (!isPlainObject(params)) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (!isPlainObject(meta)) return undefined;
  const traceparent = (meta as { traceparent?: unknown }).traceparent;
  if (typeof traceparent !== "string") return undefined;
  const traceId = TRACEPARENT.exec(traceparent)?.[1];
  return traceId === undefined || /^0+$/.test(traceId) ? undefined : `w3c-${traceId}`;
}

export type LogAttributeValue = string | number;

/** The attributes of one event's record. */
export function eventAttributes(
  event: TraceEvent,
  session: string,
  label: string | undefined,
): Record<string, LogAttributeValue> {
  const attributes: Record<string, LogAttributeValue> = {
    [LOG_ATTRIBUTES.session]: session,
    [LOG_ATTRIBUTES.seq]: String(event.seq),
    [LOG_ATTRIBUTES.direction]: event.direction,
    [LOG_ATTRIBUTES.kind]: event.kind,
    [LOG_ATTRIBUTES.transport]: event.transport,
  };
  if (label !== undefined) attributes[LOG_ATTRIBUTES.label] = label;
  const head = messageHead(event);
  if (head.method !== undefined) attributes[LOG_ATTRIBUTES.method] = head.method;
  if (head.id !== undefined) attributes[LOG_ATTRIBUTES.requestId] = String(head.id);
  return attributes;
}

interface Head {
  method?: string;
  id?: string | number;
}

/** The method and id a message (or a cut message) carries. */
export function messageHead(event: TraceEvent): Head {
  if (event.kind === "raw") {
    const head: Head = {};
    if (event.method !== undefined) head.method = event.method;
    if (event.id !== undefined) head.id = event.id;
    return head;
  }
  if (event.kind !== "message" || !isPlainObject(event.payload)) return {};
  const payload = event.payload as Record<string, unknown>;
  const head: Head = {};
  if (typeof payload.method === "string") head.method = payload.method;
  if (typeof payload.id === "string" || typeof payload.id === "number") head.id = payload.id;
  return head;
}

/**
 * Which exchange an event belongs to: the seq of the request that opened it, so its span id is the one the span
 * mapper gives that exchange. Requests are remembered until answered (at most `limit`, oldest forgotten first).
 */
export class ExchangeOpeners {
  private readonly open = new Map<string, number>();
  constructor(private readonly limit = 10_000) {}

  /** The opening seq for `event`, or undefined for an event outside any exchange (lifecycle, stderr, a notification). */
  openerOf(event: TraceEvent): number | undefined {
    const head = messageHead(event);
    if (head.id === undefined) return undefined;
    if (head.method !== undefined) {
      const key = `${event.direction}\0${idKey(head.id)}`;
      this.open.set(key, event.seq);
      if (this.open.size > this.limit) this.open.delete(this.open.keys().next().value as string);
      return event.seq;
    }
    const requestDirection = event.direction === "client-to-server" ? "server-to-client" : "client-to-server";
    const key = `${requestDirection}\0${idKey(head.id)}`;
    const opener = this.open.get(key);
    if (opener !== undefined) this.open.delete(key);
    return opener;
  }
}
