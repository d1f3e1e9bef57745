/**
 * The secret detector: where in a text, and where in a trace event, a credential-shaped value sits — its kind and
 * its location, never the value. Redaction (`--redact-secrets`) replaces what it finds; `check --fail-on secret`
 * reports it. One module for both, so what is redacted and what is flagged cannot drift apart.
 */
import { isRedactionPlaceholder } from "@mcp-conf/trace-format";
import { SECRET_PATTERNS, type SecretKind } from "./secret-kinds.js";

/** One credential in a text: its kind and the span `[start, end)` of the value. */
export interface SecretMatch {
  kind: SecretKind;
  start: number;
  end: number;
}

/** A credential in a trace event: which event, what kind, and where in it (never the value). */
export interface SecretFinding {
  seq: number;
  kind: SecretKind;
  /**
   * `payload` + a JSON Pointer (`payload/params/arguments/token`), `headers/<name>`, `text` (a raw or stderr line)
   * or `meta` + a JSON Pointer (`meta/command/2`).
   */
  location: string;
}

/** Texts that cannot hold any preset shape are skipped by this quick test before the patterns run. */
const MIN_SECRET_LENGTH = 8;

/** Every credential-shaped span of `text`, in order, without overlaps (on overlap the longer span wins). */
export function detectSecrets(text: string): SecretMatch[] {
  if (text.length < MIN_SECRET_LENGTH) return [];
  const found: SecretMatch[] = [];
  for (const { kind, pattern, needle, accept } of SECRET_PATTERNS) {
    if (needle !== undefined && !text.includes(needle)) continue;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      const secret = m.groups?.secret;
      const start = secret === undefined ? m.index : m.index + m[0].lastIndexOf(secret);
      const end = secret === undefined ? m.index + m[0].length : start + secret.length;
      const value = text.slice(start, end);
      if (!isRedactionPlaceholder(value) && (accept === undefined || accept(value))) found.push({ kind, start, end });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: SecretMatch[] = [];
  for (const match of found) {
    const last = kept[kept.length - 1];
    if (last === undefined || match.start >= last.end) kept.push(match);
    else if (match.end - match.start > last.end - last.start) kept[kept.length - 1] = match;
  }
  return kept;
}

/** `text` with each span of `matches` (in order, not overlapping) replaced by `replace(match)`, built in one pass. */
export function replaceSpans<M extends { start: number; end: number }>(
  text: string,
  matches: readonly M[],
  replace: (match: M) => string,
): string {
  if (matches.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const match of matches) {
    parts.push(text.slice(at, match.start), replace(match));
    at = match.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

const CREDENTIAL_KEYS = new Set([
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "secret",
  "clientsecret",
  "apikey",
  "xapikey",
  "accesskey",
  "secretkey",
  "privatekey",
  "accesstoken",
  "authtoken",
  "refreshtoken",
  "idtoken",
  "sessiontoken",
  "token",
  "authorization",
  "proxyauthorization",
  "cookie",
  "setcookie",
]);

/**
 * True for a JSON key or header name that names a credential: one of the words above (`password`, `api_key`,
 * `X-Api-Key`, `token`…), or a name ending in one after a separator or a camel-case hump (`DB_PASSWORD`,
 * `AWS_SECRET_ACCESS_KEY`, `GITHUB_TOKEN`, `dbPassword`). A camel-case `…Token` is not one: `progressToken`,
 * `nextPageToken` and the like are protocol fields.
 */
export function isCredentialName(name: string): boolean {
  if (CREDENTIAL_KEYS.has(name.toLowerCase().replace(/[-_.]/g, ""))) return true;
  if (name.length > 128) return false;
  const words = name.split(/[-_.\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter((w) => w !== "");
  for (let n = 1; n <= Math.min(3, words.length - 1); n++) {
    const tail = words.slice(-n).join("").toLowerCase();
    if (!CREDENTIAL_KEYS.has(tail)) continue;
    if (tail !== "token") return true;
    const before = name.length - words[words.length - 1]!.length - 1;
    return /[-_.\s]/.test(name[before] ?? "");
  }
  return false;
}
