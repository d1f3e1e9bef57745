/**
 * Terminal-safe text: a recording is untrusted input, so any text taken from it (a tool name, an error message, a
 * stderr line) goes through `escapeTerminal` before it reaches a terminal. Control, bidi, zero-width and other
 * invisible format characters, and lone surrogates, become visible `\u{…}` escapes; everything else is kept.
 */

/** Anything outside printable ASCII: when this does not match, the text is returned as it is. */
const NOT_PLAIN_ASCII = /[^\x20-\x7e]/;

/**
 * Every character that is escaped: C0 controls, DEL and C1 controls; the Arabic letter mark; zero-width and
 * directional marks; line and paragraph separators; bidi embeddings, overrides and isolates; invisible operators;
 * the byte order mark; interlinear annotation characters; and surrogate halves that are not part of a pair.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeOne(character: string): string {
  return `\\u{${character.charCodeAt(0).toString(16)}}`;
}

/** Escapes control, bidi, zero-width and format characters and lone surrogates as `\u{…}` (lower-case hex). */
export function escapeTerminal(text: string): string {
  return replaceUnsafe(text, escapeOne);
}

/** Replaces each character `escapeTerminal` escapes (all single UTF-16 code units) by what `replace` gives for it. */
export function replaceUnsafe(text: string, replace: (character: string) => string): string {
  if (!NOT_PLAIN_ASCII.test(text)) return text;
  return text.replace(UNSAFE, replace);
}

/**
 * JSON text safe to print on a terminal: what `JSON.stringify` leaves raw of the characters `escapeTerminal`
 * escapes (C1 controls, bidi overrides, zero-width and format characters) written as `\uXXXX` escapes. They can only
 * stand inside strings, so the JSON means exactly what it meant.
 */
export function terminalSafeJson(json: string): string {
  // Inside strings JSON.stringify has escaped every C0 control already; a raw line feed is the layout's own.
  return replaceUnsafe(json, (ch) => (ch === "\n" ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
