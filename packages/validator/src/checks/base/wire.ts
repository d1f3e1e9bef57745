/**
 * Small helpers the BASE, LIFE, TRAN, PING and AUTH checks share: narrowing untrusted JSON, quoting values for a
 * finding's detail, and header parsing. Everything here takes `unknown` and never throws.
 */
import type { MessageRef } from "@mcp-conf/trace-format";

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON value quoted for a detail line, cut so that one hostile value cannot flood a report. */
export function quote(value: unknown, max = 80): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The JSON type of a value, as a finding names it. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** `request id 3` / `request id "a"`. */
export function idText(id: unknown): string {
  return `id ${quote(id)}`;
}

/** Who sent a message, for details: "client" or "server". */
export function sender(ref: Pick<MessageRef, "direction">): "client" | "server" {
  return ref.direction === "client-to-server" ? "client" : "server";
}

/** Media types listed in an Accept or Content-Type header, lower-cased, parameters dropped. */
export function mediaTypes(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(",")
    .map((part) => (part.split(";")[0] ?? "").trim().toLowerCase())
    .filter((part) => part.length > 0);
}

/** A protocol version string as MCP dates its revisions: `YYYY-MM-DD`. */
export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
