/**
 * `mcp.resource.uri` is the URI up to its path: a presigned URI keeps its credential in the query, and a URI may
 * carry a user and password before its host. The cut is textual (no normalisation), so what remains is exactly
 * what the peer sent, less those parts.
 */
import { cut, MAX_URI_LENGTH } from "./text-limits.js";

/** Drops the userinfo, query and fragment of a URI; bounded to `MAX_URI_LENGTH` characters. */
export function uriUpToPath(uri: string): string {
  let end = uri.length;
  const query = uri.indexOf("?");
  if (query >= 0) end = query;
  const fragment = uri.indexOf("#");
  if (fragment >= 0 && fragment < end) end = fragment;
  let kept = uri.slice(0, end);
  const authority = /^([A-Za-z][A-Za-z0-9+.-]*:)?\/\//.exec(kept);
  if (authority) {
    const start = authority[0].length;
    const slash = kept.indexOf("/", start);
    const authorityEnd = slash < 0 ? kept.length : slash;
    const at = kept.lastIndexOf("@", authorityEnd - 1);
    if (at >= start) kept = kept.slice(0, start) + kept.slice(at + 1);
  }
  return cut(kept, MAX_URI_LENGTH);
}
