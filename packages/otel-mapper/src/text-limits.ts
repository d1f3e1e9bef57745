/**
 * Bounds for text taken from the wire into span names and attributes. A recording is untrusted: a method or tool
 * name can be megabytes long, and no collector should receive that. Cuts never split a surrogate pair.
 */

/** Names (methods, tools, prompts) and request ids. */
export const MAX_NAME_LENGTH = 256;
/** Resource URIs, after their userinfo, query and fragment are dropped. */
export const MAX_URI_LENGTH = 1024;
/** A finding's detail. */
export const MAX_DETAIL_LENGTH = 512;
/** What a cut value ends with. */
export const CUT_MARK = "…[cut]";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` with every lone surrogate replaced by U+FFFD. OTLP strings are protobuf strings, which must be valid
 * UTF-8; a collector may refuse a whole batch for one tool name that is not.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * `text` made well-formed, unchanged if it then fits in `max` characters, else its first `max` characters followed
 * by `CUT_MARK`.
 */
export function cut(text: string, max: number): string {
  const clean = wellFormed(text);
  if (clean.length <= max) return clean;
  let end = max;
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${clean.slice(0, end)}${CUT_MARK}`;
}
