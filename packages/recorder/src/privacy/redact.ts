/**
 * Redaction of the observed copy: the user's rules (`--redact-key`, `--redact-value`, `--redact-path`,
 * `--redact-secrets`) compiled once, then applied to each event before any sink sees it, so a secret never reaches
 * a trace file, the live judge, a span or an export. A redacted value becomes a placeholder naming its rule, and
 * the event is marked `redacted: true`. The JSON-RPC envelope (`jsonrpc`, `id`, `method`) is never touched: the
 * judge pairs answers with requests by it, and our own redaction must not make a conforming session fail.
 */
import {
  encodeHeaderValue,
  isRedactionPlaceholder,
  PARAM_HEADER_PREFIX,
  readHeaderValue,
  redactionPlaceholder,
  type TraceEvent,
} from "@mcp-conf/trace-format";
import { exec, type JsonValue, query } from "jsonpath-rfc9535";
import { detectSecrets, isCredentialName, replaceSpans } from "./detect.js";
import { ValuePatterns } from "./value-pattern.js";

/** What to redact. Every list may be empty; an all-empty set of rules redacts nothing. */
export interface RedactionRules {
  /** Member names (and header names), any depth, any case: the whole value goes. */
  keys?: readonly string[];
  /** Regular expressions (JavaScript syntax); each match inside a string goes. */
  values?: readonly string[];
  /** RFC 9535 JSONPath expressions, evaluated against each message's payload: each node they select goes. */
  paths?: readonly string[];
  /** The preset of credential shapes (`SECRET_KINDS`), inside any string, and strings under credential names. */
  secrets?: boolean;
  /**
   * Values the recorder already knows to be secret (found in the server's command line): every occurrence, in any
   * string of the session, goes — whatever the other rules, so a server echoing its own `--api-key` hides it too.
   */
  known?: readonly string[];
}

/** A rule that cannot be compiled: a bad regular expression or JSONPath. The message names the rule. */
export class RedactionRuleError extends Error {
  constructor(
    message: string,
    readonly option: "--redact-value" | "--redact-path",
    readonly value: string,
  ) {
    super(message);
    this.name = "RedactionRuleError";
  }
}

/** Compiled rules: `redact(event)` returns the event itself when nothing matched, else a redacted copy. */
export interface Redactor {
  readonly rules: RedactionRules;
  redact(event: TraceEvent): TraceEvent;
  /** Strings withheld whole because the `--redact-value` patterns ran out of time on them (value-pattern.ts). */
  readonly withheld: number;
}

/** Known secrets shorter than this are not searched for (they would hide ordinary words). */
const MIN_KNOWN_LENGTH = 6;

const ENVELOPE = new Set(["jsonrpc", "id", "method"]);

/** Compiles `rules`, or returns undefined when they redact nothing. Throws `RedactionRuleError` for a bad rule. */
export function compileRedaction(rules: RedactionRules): Redactor | undefined {
  const keys = new Map((rules.keys ?? []).map((k) => [k.toLowerCase(), redactionPlaceholder(`key:${k}`)]));
  const valueSources = (rules.values ?? []).map((source) => compileValue(source).source);
  const values =
    valueSources.length === 0
      ? undefined
      : new ValuePatterns(
          valueSources,
          valueSources.map((_, i) => redactionPlaceholder(`value:${i + 1}`)),
        );
  const paths = (rules.paths ?? []).map((expression) => ({
    expression: checkPath(expression),
    text: redactionPlaceholder(`path:${expression}`),
  }));
  const secrets = rules.secrets ?? false;
  const known = [...new Set(rules.known ?? [])].filter(
    (k) => k.length >= MIN_KNOWN_LENGTH && !isRedactionPlaceholder(k),
  );
  if (keys.size === 0 && !values && paths.length === 0 && !secrets && known.length === 0) return undefined;
  const knownText = redactionPlaceholder("secret:known");
  /** The value patterns' results for the strings of the event being redacted (run once per event, in a batch). */
  let valued = new Map<string, string>();
  /** A stderr line opened a private key block that has not ended yet: the lines that follow are its body. */
  let inPrivateKey = false;

  const redactText = (text: string): string => redactKnown(valued.get(text) ?? text);
  /**
   * The rules that reach member names too (a secret used as a key): known secrets and the preset. The value patterns
   * do not — a broad pattern would rename `params` and the judge would no longer read the message.
   */
  const redactKnown = (text: string): string => {
    if (isRedactionPlaceholder(text)) return text;
    let out = text;
    for (const secret of known) if (out.includes(secret)) out = out.split(secret).join(knownText);
    if (secrets) out = replaceSpans(out, detectSecrets(out), ({ kind }) => redactionPlaceholder(`secret:${kind}`));
    return out;
  };

  /** Returns `value` itself when nothing in it changed. `envelope`: the members of a JSON-RPC message are here. */
  const walk = (value: unknown, envelope: boolean): unknown => {
    if (typeof value === "string") return redactText(value);
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = walk(value[i], envelope); // a batch: each element is a message
        if (next === value[i]) continue;
        copy ??= value.slice();
        copy[i] = next;
      }
      return copy ?? value;
    }
    if (value === null || typeof value !== "object") return value;
    let copy: Record<string, unknown> | undefined;
    for (const [name, member] of Object.entries(value)) {
      if (envelope && ENVELOPE.has(name)) continue;
      let next: unknown;
      const byKey = keys.get(name.toLowerCase());
      if (byKey !== undefined) next = member === byKey ? member : byKey;
      else if (secrets && typeof member === "string" && member.length >= 4 && isCredentialName(name)) {
        next = isRedactionPlaceholder(member) ? member : redactionPlaceholder("secret:credential-pair");
      } else next = walk(member, false);
      // A secret can be a member's name too (a map keyed by token): the name is redacted like any string.
      const renamed = redactKnown(name);
      if (next === member && renamed === name) continue;
      copy ??= { ...(value as Record<string, unknown>) };
      if (renamed !== name) {
        delete copy[name];
        copy[uniqueName(copy, renamed)] = next;
      } else copy[name] = next;
    }
    return copy ?? value;
  };

  const redactPayload = (payload: unknown): unknown => {
    let out = payload;
    if (paths.length > 0 && payload !== null && typeof payload === "object") {
      const hits: Array<{ path: ReadonlyArray<string | number>; text: string }> = [];
      for (const { expression, text } of paths) {
        exec(payload as JsonValue, expression, (_value, path) => {
          if (!isEnvelopePath(payload, path)) hits.push({ path: [...path], text });
        });
      }
      if (hits.length > 0) {
        out = structuredClone(payload);
        for (const { path, text } of hits) setAt(out, path, text);
      }
    }
    return walk(out, true);
  };

  /**
   * A line recorded as text (not JSON, or cut at `--max-message-bytes`) still gets every rule: key rules and
   * credential names hide the values of the JSON members they name in the text, and a JSONPath — which needs the
   * parsed message — withholds a JSON-looking text whole.
   */
  const redactRawText = (text: string): string => {
    if (paths.length > 0 && /^\s*[[{]/.test(text)) return redactionPlaceholder("path:*");
    let out = text;
    if (keys.size > 0 || secrets) {
      out = redactJsonMembers(out, (name) => {
        const byKey = keys.get(name.toLowerCase());
        if (byKey !== undefined) return byKey;
        return secrets && isCredentialName(name) ? redactionPlaceholder("secret:credential-pair") : undefined;
      });
    }
    return redactText(out);
  };

  /** A stderr line, with a private key's body hidden across the lines it spans. */
  const redactStderr = (text: string): string => {
    if (!secrets) return redactText(text);
    if (inPrivateKey) {
      const end = PRIVATE_KEY_END.exec(text);
      if (end === null) return redactionPlaceholder("secret:private-key");
      inPrivateKey = false;
      const after = end.index + end[0].length;
      return `${redactionPlaceholder("secret:private-key")}${redactText(text.slice(after))}`;
    }
    const begin = PRIVATE_KEY_BEGIN.exec(text);
    if (begin !== null && !PRIVATE_KEY_END.test(text.slice(begin.index))) inPrivateKey = true;
    return redactText(text);
  };

  /**
   * A routing header mirrors a body value (`Mcp-Param-{Name}` the argument marked `x-mcp-header: Name`), so the
   * rules that hide that value in the body hide its mirror too: a key rule or credential name matching `Name`,
   * and the text rules inside a Base64-encoded value (re-encoded, so the header keeps its form). An unpadded
   * Base64 value is read as well.
   */
  const redactHeader = (name: string, value: string): string => {
    const keyed = keys.get(name);
    if (keyed !== undefined) return keyed;
    if (!name.startsWith(PARAM_HEADER_PREFIX) && name !== "mcp-name") {
      const text = redactText(value);
      // A header named for a credential (`X-Api-Key`, `Authorization`) is one, whatever its value looks like.
      if (text !== value || !secrets || value.length < 4 || !isCredentialName(name)) return text;
      return isRedactionPlaceholder(value) ? value : redactionPlaceholder("secret:credential-pair");
    }
    const param = name.slice(PARAM_HEADER_PREFIX.length);
    if (name !== "mcp-name") {
      const byParam = keys.get(param);
      if (byParam !== undefined) return byParam;
      if (secrets && value.length >= 4 && isCredentialName(param) && !isRedactionPlaceholder(value)) {
        return redactionPlaceholder("secret:credential-pair");
      }
    }
    const reading = readHeaderValue(padBase64Sentinel(value));
    if (!reading.encoded) return redactText(value);
    // Encoded but unreadable: it may hide anything, so it is withheld when any text rule would look inside.
    if (reading.value === undefined) return redactionPlaceholder("secret:undecodable");
    const decoded = redactText(reading.value);
    return decoded === reading.value ? value : encodeHeaderValue(decoded);
  };

  const redactHeaders = (headers: Record<string, string>): Record<string, string> => {
    let copy: Record<string, string> | undefined;
    for (const [name, value] of Object.entries(headers)) {
      const next = redactHeader(name, value);
      if (next === value) continue;
      copy ??= { ...headers };
      copy[name] = next;
    }
    return copy ?? headers;
  };

  const redactEvent = (event: TraceEvent): TraceEvent => {
    switch (event.kind) {
      case "message": {
        const payload = redactPayload(event.payload);
        return payload === event.payload ? event : { ...event, payload, redacted: true };
      }
      case "raw": {
        const text = redactRawText(event.text);
        return text === event.text ? event : { ...event, text, redacted: true };
      }
      case "stderr": {
        const text = redactStderr(event.text);
        return text === event.text ? event : { ...event, text, redacted: true };
      }
      case "http": {
        // A hosted server's URL may carry its token in the path.
        const path = event.path === undefined ? undefined : redactText(event.path);
        const endpoint = event.endpoint === undefined ? undefined : redactText(event.endpoint);
        const headers = event.headers === undefined ? undefined : redactHeaders(event.headers);
        if (path === event.path && endpoint === event.endpoint && headers === event.headers) return event;
        return {
          ...event,
          ...(path === undefined ? {} : { path }),
          ...(endpoint === undefined ? {} : { endpoint }),
          ...(headers === undefined ? {} : { headers }),
          redacted: true,
        };
      }
      case "lifecycle": {
        if (event.meta === undefined) return event;
        const meta = walk(event.meta, false) as typeof event.meta;
        return meta === event.meta ? event : { ...event, meta, redacted: true };
      }
    }
  };

  return {
    rules,
    get withheld() {
      return values?.withheld ?? 0;
    },
    redact(event: TraceEvent): TraceEvent {
      if (values) {
        const texts = stringsOf(event);
        const done = values.replace(texts);
        valued = new Map();
        for (let i = 0; i < texts.length; i++) if (done[i] !== texts[i]) valued.set(texts[i]!, done[i]!);
      }
      try {
        return redactEvent(event);
      } finally {
        valued = new Map();
      }
    },
  };
}

const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const PRIVATE_KEY_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;

/** Every string an event holds — values and member names at any depth, and the decoded form of encoded headers. */
function stringsOf(event: TraceEvent): string[] {
  const out: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      out.push(value);
      const reading = readHeaderValue(padBase64Sentinel(value));
      if (reading.encoded && reading.value !== undefined) out.push(reading.value);
    } else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === "object") {
      for (const [name, member] of Object.entries(value)) {
        out.push(name);
        visit(member);
      }
    }
  };
  visit(event);
  return out;
}

/** A sentinel whose Base64 lacks its `=` padding, padded (a client may leave it off); anything else unchanged. */
function padBase64Sentinel(value: string): string {
  const match = /^=\?base64\?([A-Za-z0-9+/]*)\?=$/.exec(value);
  if (match === null || match[1]!.length % 4 === 0) return value;
  const body = match[1]!;
  return body.length % 4 === 1 ? value : `=?base64?${body}${"=".repeat(4 - (body.length % 4))}?=`;
}

/** `name` or, when `target` has it already, `name` with a counter, so a renamed member never overwrites another. */
function uniqueName(target: Record<string, unknown>, name: string): string {
  if (!(name in target)) return name;
  for (let i = 2; ; i++) if (!(`${name}#${i}` in target)) return `${name}#${i}`;
}

/**
 * `text` (JSON, whole or cut) with the value of each member whose name `replacement` returns a placeholder for
 * replaced by that placeholder (as a JSON string), up to the value's end or the text's. Linear: the search goes on
 * after each replaced value, so members nested inside it are not looked at again.
 */
export function redactJsonMembers(text: string, replacement: (name: string) => string | undefined): string {
  const member = /"((?:[^"\\\n]|\\.){1,200})"\s*:\s*/g;
  const parts: string[] = [];
  let kept = 0;
  for (let m = member.exec(text); m !== null; m = member.exec(text)) {
    const placeholder = replacement(m[1]!);
    if (placeholder === undefined) continue;
    const start = m.index + m[0].length;
    const end = jsonValueEnd(text, start);
    if (text.slice(start, end) === JSON.stringify(placeholder)) continue;
    parts.push(text.slice(kept, start), JSON.stringify(placeholder));
    kept = end;
    member.lastIndex = end;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(kept));
  return parts.join("");
}

/** Where the JSON value starting at `start` ends (exclusive), or the text's end when it is cut short. */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      if (depth === 0) return Math.min(i + 1, text.length);
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === "," || c === "\n")) return i;
  }
  return text.length;
}

function compileValue(source: string): RegExp {
  try {
    return new RegExp(source, "g");
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
    throw new RedactionRuleError(
      `${JSON.stringify(source)} is not a regular expression (${why})`,
      "--redact-value",
      source,
    );
  }
}

function checkPath(expression: string): string {
  try {
    query({}, expression);
    return expression;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new RedactionRuleError(
      `${JSON.stringify(expression)} is not an RFC 9535 JSONPath (${why})`,
      "--redact-path",
      expression,
    );
  }
}

/** The payload itself, and `jsonrpc`/`id`/`method` of the message (or of a message in a batch), are never replaced. */
function isEnvelopePath(payload: unknown, path: ReadonlyArray<string | number>): boolean {
  if (path.length === 0) return true;
  const last = path[path.length - 1];
  if (typeof last !== "string" || !ENVELOPE.has(last)) return false;
  return path.length === 1 || (path.length === 2 && Array.isArray(payload));
}

function setAt(root: unknown, path: ReadonlyArray<string | number>, value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]!] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
}
