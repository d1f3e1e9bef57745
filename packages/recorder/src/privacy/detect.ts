/**
 * The secret detector: where in a text, and where in a trace event, a credential-shaped value sits — its kind and
 * its location, never the value. Redaction (`--redact-secrets`) replaces what it finds; `check --fail-on secret`
 * reports it. One module for both, so what is redacted and what is flagged cannot drift apart.
 */
import { isRedactionPlaceholder, PARAM_HEADER_PREFIX, readHeaderValue, type TraceEvent } from "@mcp-conf/trace-format";
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

/** The credentials in one event: payload strings and credential-named members, header values, raw and stderr text. */
export function scanEventForSecrets(event: TraceEvent): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const seq = event.seq;
  const inText = (text: string, location: string) => {
    for (const match of detectSecrets(text)) findings.push({ seq, kind: match.kind, location });
  };
  switch (event.kind) {
    case "message":
      walkStrings(event.payload, "payload", (text, location, key) => {
        if (key !== undefined && isCredentialName(key) && text.length >= 4 && !isRedactionPlaceholder(text)) {
          findings.push({ seq, kind: "credential-pair", location });
        } else inText(text, location);
      });
      break;
    case "http":
      for (const [name, value] of Object.entries(event.headers ?? {})) {
        const location = `headers/${name}`;
        // A routing header may carry its value Base64-encoded, and names the argument it mirrors after its prefix.
        const reading = readHeaderValue(value);
        const text = reading.value ?? value;
        const param = name.startsWith(PARAM_HEADER_PREFIX) ? name.slice(PARAM_HEADER_PREFIX.length) : undefined;
        if (
          (isCredentialName(name) || (param !== undefined && isCredentialName(param))) &&
          !isRedactionPlaceholder(value)
        ) {
          const shaped = detectSecrets(text);
          findings.push({ seq, kind: shaped[0]?.kind ?? "credential-pair", location });
        } else inText(text, location);
      }
      break;
    case "raw":
    case "stderr":
      inText(event.text, "text");
      break;
    case "lifecycle":
      if (event.meta !== undefined) {
        walkStrings(event.meta, "meta", (text, location) => inText(text, location));
      }
      break;
  }
  return findings;
}

/** Calls `visit` with every string inside `value`, its location (a JSON Pointer under `base`) and its member name. */
export function walkStrings(
  value: unknown,
  base: string,
  visit: (text: string, location: string, key: string | undefined) => void,
  key?: string,
): void {
  if (typeof value === "string") visit(value, base, key);
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walkStrings(value[i], `${base}/${i}`, visit);
  } else if (value !== null && typeof value === "object") {
    for (const [name, member] of Object.entries(value)) {
      walkStrings(member, `${base}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, visit, name);
    }
  }
}
