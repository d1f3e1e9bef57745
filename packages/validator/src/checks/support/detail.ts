/**
 * How a finding's detail shows untrusted values: JSON text, each value cut so one hostile value cannot flood a
 * line (the whole detail is capped once more where it is reported, in the engine). Renderers escape the rest.
 */

/** The longest JSON text one quoted value keeps before it is cut with "…". */
export const QUOTE_WIDTH = 80;

/** A JSON value quoted for a detail, cut at `max` characters of its JSON text. */
export function quote(value: unknown, max = QUOTE_WIDTH): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Like `quote`, but an absent value reads "nothing". */
export function brief(value: unknown): string {
  return value === undefined ? "nothing" : quote(value);
}

/** `id 3` / `id "a"`. */
export function idText(id: unknown): string {
  return `id ${quote(id)}`;
}

/** The JSON type of a value, as a finding names it: `null`, `array`, `integer`, `number`, `string`, … */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The type of a value with its article, for details like `inputSchema is null` / `is an array` / `is missing`. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "missing";
  return `a ${typeof value}`;
}
