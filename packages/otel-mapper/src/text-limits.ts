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

/** `text` unchanged if it fits in `max` characters, else its first `max` characters followed by `CUT_MARK`. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}${CUT_MARK}`;
}
