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
}

const ENVELOPE = new Set(["jsonrpc", "id", "method"]);

/** Compiles `rules`, or returns undefined when they redact nothing. Throws `RedactionRuleError` for a bad rule. */
export function compileRedaction(rules: RedactionRules): Redactor | undefined {
  const keys = new Map((rules.keys ?? []).map((k) => [k.toLowerCase(), redactionPlaceholder(`key:${k}`)]));
  const values = (rules.values ?? []).map((source, i) => ({
    regex: compileValue(source),
    text: redactionPlaceholder(`value:${i + 1}`),
  }));
  const paths = (rules.paths ?? []).map((expression) => ({
    expression: checkPath(expression),
    text: redactionPlaceholder(`path:${expression}`),
  }));
  const secrets = rules.secrets ?? false;
  if (keys.size === 0 && values.length === 0 && paths.length === 0 && !secrets) return undefined;

  const redactText = (text: string): string => {
    if (isRedactionPlaceholder(text)) return text;
    let out = text;
    for (const { regex, text: rule } of values) {
      regex.lastIndex = 0;
      out = out.replace(regex, (match) => (match === "" ? match : rule));
    }
    if (secrets) {
      out = replaceSpans(out, detectSecrets(out), ({ kind }) => redactionPlaceholder(`secret:${kind}`));
    }
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
      if (next === member) continue;
      copy ??= { ...(value as Record<string, unknown>) };
      copy[name] = next;
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
   * A routing header mirrors a body value (`Mcp-Param-{Name}` the argument marked `x-mcp-header: Name`), so the
   * rules that hide that value in the body hide its mirror too: a key rule or credential name matching `Name`,
   * and the text rules inside a Base64-encoded value (re-encoded, so the header keeps its form).
   */
  const redactHeader = (name: string, value: string): string => {
    const keyed = keys.get(name);
    if (keyed !== undefined) return keyed;
    if (!name.startsWith(PARAM_HEADER_PREFIX) && name !== "mcp-name") return redactText(value);
    const param = name.slice(PARAM_HEADER_PREFIX.length);
    if (name !== "mcp-name") {
      const byParam = keys.get(param);
      if (byParam !== undefined) return byParam;
      if (secrets && value.length >= 4 && isCredentialName(param) && !isRedactionPlaceholder(value)) {
        return redactionPlaceholder("secret:credential-pair");
      }
    }
    const reading = readHeaderValue(value);
    if (!reading.encoded || reading.value === undefined) return redactText(value);
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

  return {
    rules,
    redact(event: TraceEvent): TraceEvent {
      switch (event.kind) {
        case "message": {
          const payload = redactPayload(event.payload);
          return payload === event.payload ? event : { ...event, payload, redacted: true };
        }
        case "raw":
        case "stderr": {
          const text = redactText(event.text);
          return text === event.text ? event : { ...event, text, redacted: true };
        }
        case "http": {
          if (event.headers === undefined) return event;
          const headers = redactHeaders(event.headers);
          return headers === event.headers ? event : { ...event, headers, redacted: true };
        }
        case "lifecycle": {
          if (event.meta === undefined) return event;
          const meta = walk(event.meta, false) as typeof event.meta;
          return meta === event.meta ? event : { ...event, meta, redacted: true };
        }
      }
    },
  };
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
