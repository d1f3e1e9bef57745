/**
 * The header allow-list of trace-format.md: only these names reach a trace, so credentials (`authorization`,
 * `cookie`, API keys in custom headers) never do. Names are lower-cased, values kept verbatim, repeated header
 * lines joined with ", ".
 */

const ALLOWED = new Set([
  "host",
  "origin",
  "accept",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
  "mcp-method",
  "mcp-name",
  "x-accel-buffering",
  "www-authenticate",
]);

/** True for a header name (any case) that may be recorded. */
export function isRecordedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED.has(lower) || lower.startsWith("mcp-param-");
}

/** Headers as node gives them: `rawHeaders` (name, value, name, value…) or an object of names to values. */
export type HeaderInput = readonly string[] | Readonly<Record<string, string | readonly string[] | number | undefined>>;

/** The allow-listed subset, names lower-cased, repeats joined with ", "; undefined when nothing is left. */
export function recordedHeaders(input: HeaderInput | undefined): Record<string, string> | undefined {
  if (input === undefined) return undefined;
  const out: Record<string, string> = {};
  const add = (name: string, value: string) => {
    if (!isRecordedHeader(name)) return;
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  };
  if (isRawHeaderList(input)) {
    for (let i = 0; i + 1 < input.length; i += 2) add(input[i]!, input[i + 1]!);
  } else {
    for (const [name, value] of Object.entries(input)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) add(name, String(v));
      else add(name, String(value));
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function isRawHeaderList(input: HeaderInput): input is readonly string[] {
  return Array.isArray(input);
}
