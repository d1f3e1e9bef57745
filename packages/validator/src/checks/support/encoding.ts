/**
 * Syntax of the encoded values resources and content blocks carry: base64 (RFC 4648 §4), MIME types (RFC 6838
 * §4.2, with RFC 9110 parameters) and URIs (RFC 3986 §3). Each function returns why a value is malformed, or
 * undefined when it is well formed; they scan linearly, so a 1 MiB hostile string costs one pass. Shared by the
 * RES, PROM and TOOL checks, which judge the same encodings under different clauses.
 */

const NOT_BASE64_CHAR = /[^A-Za-z0-9+/]/;
const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Why `value` is not canonical padded base64 (RFC 4648 §4, no line breaks), or undefined. The empty string is valid. */
export function base64Problem(value: string): string | undefined {
  const length = value.length;
  let end = length;
  while (end > 0 && end > length - 2 && value.charCodeAt(end - 1) === 61 /* = */) end--;
  const bad = value.slice(0, end).search(NOT_BASE64_CHAR);
  if (bad >= 0) return `character ${JSON.stringify(value[bad])} at offset ${bad} is not in the base64 alphabet`;
  if (length % 4 !== 0) return `its length ${length} is not a multiple of 4`;
  // RFC 4648 §3.5: the bits after the last whole byte are zero in a proper encoding.
  const padding = length - end;
  if (padding > 0) {
    const last = BASE64_ALPHABET.indexOf(value[end - 1] ?? "A");
    const mask = padding === 2 ? 0b1111 : 0b11;
    if ((last & mask) !== 0)
      return `its last character ${JSON.stringify(value[end - 1])} sets pad bits that must be zero`;
  }
  return undefined;
}

const TOKEN_FIRST = /[A-Za-z0-9]/;
const RESTRICTED_NAME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;
const PARAMETER = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+|"(?:[^"\\]|\\.)*")\s*$/;

/** Why `value` is not a MIME type `type/subtype` with optional `; name=value` parameters, or undefined. */
export function mimeTypeProblem(value: string): string | undefined {
  if (value.length === 0) return "it is empty";
  if (value.length > 1024) return "it is longer than 1024 characters";
  const [essence = "", ...parameters] = value.split(";");
  const slash = essence.indexOf("/");
  if (slash < 0) return 'it has no "/" between type and subtype';
  const type = essence.slice(0, slash).trim();
  const subtype = essence.slice(slash + 1).trim();
  if (!RESTRICTED_NAME.test(type) || !TOKEN_FIRST.test(type[0] ?? ""))
    return `its type ${JSON.stringify(type)} is not a valid name`;
  if (!RESTRICTED_NAME.test(subtype)) return `its subtype ${JSON.stringify(subtype)} is not a valid name`;
  for (const parameter of parameters) {
    if (!PARAMETER.test(parameter)) return `its parameter ${JSON.stringify(parameter.trim())} is not name=value`;
  }
  return undefined;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** unreserved / sub-delims / ":" / "@" — what a path segment may hold besides percent-escapes. */
const PCHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
const HEX = /[0-9A-Fa-f]/;

/** Why `value` is not an RFC 3986 URI (`scheme ":" hier-part ["?" query] ["#" fragment]`), or undefined. */
/** The schemes the protocol defines (server/resources#common-uri-schemes) and http: any other is a custom scheme. */
const STANDARD_SCHEMES: ReadonlySet<string> = new Set(["https", "http", "file", "git"]);

/** Whether a URI names a custom scheme (one the protocol does not define), to which RES-005 speaks. */
export function hasCustomScheme(value: string): boolean {
  const colon = value.indexOf(":");
  return colon <= 0 || !STANDARD_SCHEMES.has(value.slice(0, colon).toLowerCase());
}

export function uriProblem(value: string): string | undefined {
  const colon = value.indexOf(":");
  if (colon <= 0) return "it has no scheme";
  const scheme = value.slice(0, colon);
  if (!SCHEME.test(scheme))
    return `its scheme ${JSON.stringify(scheme)} is not a letter followed by letters, digits, "+", "-" or "."`;
  let rest = value.slice(colon + 1);
  let offset = colon + 1;
  const hash = rest.indexOf("#");
  const fragment = hash >= 0 ? rest.slice(hash + 1) : undefined;
  if (hash >= 0) rest = rest.slice(0, hash);
  const question = rest.indexOf("?");
  const query = question >= 0 ? rest.slice(question + 1) : undefined;
  if (question >= 0) rest = rest.slice(0, question);

  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const authority = slash >= 0 ? rest.slice(2, slash) : rest.slice(2);
    const problem = authorityProblem(authority, offset + 2);
    if (problem) return problem;
    offset += 2 + authority.length;
    rest = slash >= 0 ? rest.slice(slash) : "";
  }
  const pathProblem = charsProblem(rest, offset, "/");
  if (pathProblem) return pathProblem;
  offset += rest.length;
  if (query !== undefined) {
    const problem = charsProblem(query, offset + 1, "/?");
    if (problem) return problem;
    offset += 1 + query.length;
  }
  if (fragment !== undefined) {
    const problem = charsProblem(fragment, offset + 1, "/?");
    if (problem) return problem;
  }
  return undefined;
}

function authorityProblem(authority: string, offset: number): string | undefined {
  let host = authority;
  let hostOffset = offset;
  const at = authority.indexOf("@");
  if (at >= 0) {
    const problem = charsProblem(authority.slice(0, at), offset, "");
    if (problem) return problem;
    host = authority.slice(at + 1);
    hostOffset = offset + at + 1;
  }
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return `its IP literal at offset ${hostOffset} has no closing "]"`;
    const literal = host.slice(1, close);
    if (!/^(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)$/.test(literal)) {
      return `its IP literal ${JSON.stringify(literal)} is malformed`;
    }
    const after = host.slice(close + 1);
    if (after !== "" && !/^:[0-9]*$/.test(after)) return `its port ${JSON.stringify(after.slice(1))} is not a number`;
    return undefined;
  }
  const portColon = host.lastIndexOf(":");
  if (portColon >= 0) {
    const port = host.slice(portColon + 1);
    if (!/^[0-9]*$/.test(port)) return `its port ${JSON.stringify(port)} is not a number`;
    host = host.slice(0, portColon);
  }
  return charsProblem(host, hostOffset, "", true);
}

/** Whole-string fast paths for charsProblem, by its `extra` characters and whether it judges a host. */
const WELL_FORMED: Record<string, RegExp> = {
  "": /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/,
  "/": /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/,
  "/?": /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/,
  host: /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/,
};

/** Checks pchar-or-`extra` characters and percent-escapes; `hostOnly` also forbids ":" and "@". */
function charsProblem(text: string, offset: number, extra: string, hostOnly = false): string | undefined {
  if (WELL_FORMED[hostOnly ? "host" : extra]?.test(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "%") {
      if (!HEX.test(text[i + 1] ?? "") || !HEX.test(text[i + 2] ?? "")) {
        return `"%" at offset ${offset + i} does not start a percent-escape of two hex digits`;
      }
      i += 2;
      continue;
    }
    if (hostOnly && (c === ":" || c === "@"))
      return `character ${JSON.stringify(c)} at offset ${offset + i} is not allowed in a host`;
    if (PCHAR.test(c) || extra.includes(c)) continue;
    return `character ${describeChar(text, i)} at offset ${offset + i} is not allowed in a URI`;
  }
  return undefined;
}

function describeChar(text: string, i: number): string {
  const codePoint = text.codePointAt(i) ?? 0;
  if (codePoint === 0x20) return '" " (a space)';
  return JSON.stringify(String.fromCodePoint(codePoint));
}
