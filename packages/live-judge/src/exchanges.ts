/**
 * When a pass is due. A pass follows every completed exchange: a response (paired with its request or not), a
 * notification, or anything else that is not a request still waiting for its answer — a line that is not JSON at
 * all, an invalid message. HTTP and lifecycle events complete nothing; they ride along with the next pass.
 */
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";

/** How many exchanges this event completes (a batch can complete several). */
export function exchangesCompletedBy(event: TraceEvent): number {
  if (event.kind === "raw") return 1;
  if (event.kind !== "message") return 0;
  if (!Array.isArray(event.payload)) return isRequest(event.payload) ? 0 : 1;
  let completed = 0;
  for (const element of event.payload) if (!isRequest(element)) completed++;
  return completed;
}

function isRequest(payload: unknown): boolean {
  return isPlainObject(payload) && typeof payload.method === "string" && "id" in payload;
}
