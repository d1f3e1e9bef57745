/**
 * When a pass is due. A pass follows every completed exchange: a response (paired with its request or not), a
 * notification, or anything else that is not a request still waiting for its answer — a line that is not JSON at
 * all, an invalid message. HTTP and lifecycle events complete nothing; they ride along with the next pass.
 */

import { classifyMessage } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";

/** How many exchanges this event completes (a batch can complete several). */
export function exchangesCompletedBy(event: TraceEvent): number {
  if (event.kind === "raw") return 1;
  if (event.kind !== "message") return 0;
  const elements = Array.isArray(event.payload) ? event.payload : [event.payload];
  let completed = 0;
  // The exchange model's own classification, so a pass follows exactly what the judge counts as an answer.
  for (const element of elements) if (classifyMessage(element).type !== "request") completed++;
  return completed;
}

/** A result from the server (to `initialize`, or in a stateless session to anything): the MCP session has started. */
export function answersWithResult(event: TraceEvent): boolean {
  if (event.kind !== "message" || event.direction !== "server-to-client") return false;
  const answers: unknown[] = Array.isArray(event.payload) ? event.payload : [event.payload];
  return answers.some((answer) => isPlainObject(answer) && "result" in answer);
}
