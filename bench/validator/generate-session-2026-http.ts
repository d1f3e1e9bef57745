/**
 * The 2026-07-28 benchmark session over streamable HTTP: the same messages as `sessionEvents2026`, each client request
 * POSTed with its routing headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name for a tool call or a resource read) and
 * each answer carried by an HTTP response — an SSE stream when progress comes first, a JSON body otherwise. So the
 * checks that read HTTP (the routed requests above all) show what they cost. Lazy and deterministic, like the others.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { sessionEvents2026 } from "./generate-session-2026.js";

const TRANSPORT = "streamable-http";
const REVISION = "2026-07-28";

/** The routing headers of a client request. */
function requestHeaders(payload: { method: string; params?: Record<string, unknown> }): Record<string, string> {
  const headers: Record<string, string> = {
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-protocol-version": REVISION,
    "mcp-method": payload.method,
  };
  const name = payload.method === "resources/read" ? payload.params?.uri : payload.params?.name;
  if (payload.method !== "tools/list" && typeof name === "string") headers["mcp-name"] = name;
  return headers;
}

/** The events of one streamable-HTTP 2026-07-28 session with exactly `messages` message events. */
export function* sessionEvents2026Http(messages: number): Generator<TraceEvent> {
  let seq = 0;
  /** Whether the request being answered has its HTTP response yet. */
  let responding = false;
  for (const event of sessionEvents2026(messages)) {
    if (event.kind === "lifecycle") {
      yield { seq: seq++, direction: event.direction, transport: TRANSPORT, kind: "lifecycle", event: event.event };
      continue;
    }
    if (event.kind !== "message") continue;
    const payload = event.payload as { method?: string; id?: unknown; params?: Record<string, unknown> };
    if (event.direction === "client-to-server") {
      const post = { method: payload.method!, params: payload.params };
      yield {
        seq: seq++,
        direction: event.direction,
        transport: TRANSPORT,
        kind: "http",
        method: "POST",
        path: "/mcp",
        headers: requestHeaders(post),
      };
      responding = false;
    } else if (!responding) {
      const stream = payload.id === undefined;
      const headers: Record<string, string> = stream
        ? { "content-type": "text/event-stream", "x-accel-buffering": "no" }
        : { "content-type": "application/json" };
      yield {
        seq: seq++,
        direction: event.direction,
        transport: TRANSPORT,
        kind: "http",
        status: 200,
        headers,
      };
      responding = true;
    }
    yield { ...event, seq: seq++, transport: TRANSPORT };
  }
}

/** The streamable-HTTP session as JSONL text. */
export function sessionText2026Http(messages: number): string {
  let text = "";
  for (const event of sessionEvents2026Http(messages)) text += `${JSON.stringify(event)}\n`;
  return text;
}
