/**
 * One trace event as one JSONL line, with the stable key order mcp-conformance writes: `seq`, `direction`,
 * `transport`, `kind`, `ts`, then every other field in the event's own order. Reading a line and serialising the
 * event again gives the same bytes.
 */
import { checkTraceEvent } from "./event-schema.js";
import type { TraceEvent } from "./types.js";

const LEADING_KEYS = new Set(["seq", "direction", "transport", "kind", "ts"]);

/**
 * Serialises an event as one line of JSON (no newline). Throws a TypeError for an event the trace schema refuses
 * or a value JSON cannot hold (a BigInt, a cycle), so that nothing a reader would refuse is ever written.
 */
export function serializeEvent(event: TraceEvent): string {
  const problem = checkTraceEvent(event);
  if (problem) throw new TypeError(`not a valid trace event: ${problem.detail}`);
  let line = `{"seq":${JSON.stringify(event.seq)},"direction":${JSON.stringify(event.direction)},"transport":${JSON.stringify(event.transport)},"kind":${JSON.stringify(event.kind)}`;
  if (event.ts !== undefined) line += `,"ts":${JSON.stringify(event.ts)}`;
  for (const key in event) {
    if (LEADING_KEYS.has(key) || !Object.hasOwn(event, key)) continue;
    const value = JSON.stringify((event as unknown as Record<string, unknown>)[key]);
    if (value === undefined) continue;
    line += `,${JSON.stringify(key)}:${value}`;
  }
  return `${line}}`;
}
