/**
 * The routing headers of streamable HTTP (2026-07-28): `Mcp-Name` and `Mcp-Param-{Name}` mirror values of the
 * request body, plain when the value is header-safe ASCII, else as the Base64 sentinel `=?base64?{Base64}?=` of its
 * UTF-8 bytes (markers case-sensitive). Shared by the recorder (whose redaction must reach a value hidden in Base64)
 * and the validator (which compares each header with the body).
 */

/** The header that mirrors the tool argument marked `x-mcp-header: Name` (names are lower-case in a trace). */
export const PARAM_HEADER_PREFIX = "mcp-param-";

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A header value read as the specification writes it: plain, or Base64-encoded (decoded, when it decodes). */
export type HeaderValueReading =
  | { encoded: false; value: string }
  /** `value` is undefined when the Base64 is malformed or its bytes are not UTF-8. */
  | { encoded: true; value: string | undefined };

/** Reads a mirrored header value: the sentinel form decoded, anything else as it stands. */
export function readHeaderValue(header: string): HeaderValueReading {
  const match = SENTINEL.exec(header);
  if (!match) return { encoded: false, value: header };
  const base64 = match[1]!;
  if (!BASE64.test(base64)) return { encoded: true, value: undefined };
  try {
    return { encoded: true, value: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(base64, "base64")) };
  } catch {
    return { encoded: true, value: undefined };
  }
}

/** The sentinel form of a value: `=?base64?{Base64 of its UTF-8}?=`. */
export function encodeHeaderValue(value: string): string {
  return `=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/**
 * Whether a value may travel as a plain header value: visible ASCII, space and tab only, no leading or trailing
 * whitespace, and not itself of the sentinel's shape (the empty string is plain).
 */
export function isPlainHeaderSafe(value: string): boolean {
  return /^(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?$/.test(value) && !SENTINEL.test(value);
}
