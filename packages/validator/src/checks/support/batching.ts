/**
 * JSON-RPC batching, which MCP has at 2025-03-26 only (the revision before says nothing of it, the one after removed
 * it). `batchDefect` is what makes a batch an MCP message at that revision — a non-empty array of only requests and
 * notifications, or of only responses — shared by the stdio, POST-body and schema clauses, which at every other
 * revision refuse a batch outright.
 */
import { classifyMessage } from "@mcp-conf/session";

/** Whether JSON-RPC batches are MCP messages at this revision. */
export function batchesAllowed(revision: string): boolean {
  return revision === "2025-03-26";
}

/** Why an array payload is no MCP batch (empty, an element that is no message, requests mixed with responses). */
export function batchDefect(payload: readonly unknown[]): string | undefined {
  if (payload.length === 0) return "an empty JSON-RPC batch";
  const types = payload.map((element) => classifyMessage(element).type);
  const invalid = types.indexOf("invalid");
  if (invalid !== -1) return `a JSON-RPC batch whose element ${invalid} is no JSON-RPC message`;
  const calls = types.filter((type) => type === "request" || type === "notification").length;
  if (calls !== 0 && calls !== types.length) {
    return `a JSON-RPC batch mixing ${calls} request(s) or notification(s) with ${types.length - calls} response(s)`;
  }
  return undefined;
}
