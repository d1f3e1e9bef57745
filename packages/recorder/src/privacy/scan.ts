/**
 * `check --fail-on secret`'s scanner is the redactor itself: an event is run through `--redact-secrets`' rules and
 * every placeholder the redaction put in is a finding, at the place it was put. So what check flags and what the
 * recorder redacts cannot drift apart — the same detector, the credential names, member names, HTTP paths, JSON
 * inside strings, YAML-style and `Authorization: Basic` text, Base64 routing headers and the private key that spans
 * stderr lines. A scanner is stateful as the redactor is (a private key's body on the following stderr lines): use
 * one per trace.
 */
import { readHeaderValue, type TraceEvent } from "@mcp-conf/trace-format";
import type { SecretFinding } from "./detect.js";
import { compileRedaction } from "./redact.js";
import type { SecretKind } from "./secret-kinds.js";

const SECRET_PLACEHOLDER = /\[redacted:secret:([a-z0-9-]+)\]/g;

/** A scanner for one trace's events, in order: each event's findings (kind and place, never the value). */
export function secretScanner(): (event: TraceEvent) => SecretFinding[] {
  const redactor = compileRedaction({ secrets: true })!;
  return (event) => {
    const redacted = redactor.redact(event);
    if (redacted === event) return [];
    const findings: SecretFinding[] = [];
    const found = (location: string, before: string, after: string) => {
      const already = new Map<string, number>();
      for (const [, kind] of before.matchAll(SECRET_PLACEHOLDER)) already.set(kind!, (already.get(kind!) ?? 0) + 1);
      for (const [, kind] of after.matchAll(SECRET_PLACEHOLDER)) {
        const left = already.get(kind!) ?? 0;
        if (left > 0) already.set(kind!, left - 1);
        else findings.push({ seq: event.seq, kind: kind as SecretKind, location });
      }
    };
    for (const [part, before, after] of parts(event, redacted)) compare(before, after, part, found);
    return findings;
  };
}

/** The credentials in one event, as `--redact-secrets` would redact them (a scanner of its own: no earlier lines). */
export function scanEventForSecrets(event: TraceEvent): SecretFinding[] {
  return secretScanner()(event);
}

/** The parts of an event redaction may change, before and after, with the location each is reported under. */
function parts(before: TraceEvent, after: TraceEvent): [string, unknown, unknown][] {
  const a = after as unknown as Record<string, unknown>;
  switch (before.kind) {
    case "message":
      return [["payload", before.payload, a.payload]];
    case "raw":
    case "stderr":
      return [["text", before.text, a.text]];
    case "http": {
      const out: [string, unknown, unknown][] = [
        ["path", before.path, a.path],
        ["endpoint", before.endpoint, a.endpoint],
      ];
      const headers = (a.headers ?? {}) as Record<string, unknown>;
      for (const name of Object.keys(headers)) {
        out.push([`headers/${name}`, decoded(before.headers?.[name]), decoded(headers[name])]);
      }
      return out;
    }
    case "lifecycle":
      return [["meta", before.meta, a.meta]];
  }
}

/** A routing header's value as the redactor read it: decoded when Base64-encoded (it re-encodes what it redacts). */
function decoded(value: unknown): unknown {
  return typeof value === "string" ? (readHeaderValue(value).value ?? value) : value;
}

/** Walks `after` beside `before`, handing each changed string (a member name too) to `found`. */
function compare(
  before: unknown,
  after: unknown,
  location: string,
  found: (location: string, before: string, after: string) => void,
): void {
  if (before === after) return;
  if (typeof after === "string") {
    found(location, typeof before === "string" ? before : "", after);
    return;
  }
  if (Array.isArray(after)) {
    const was = Array.isArray(before) ? before : [];
    for (let i = 0; i < after.length; i++) compare(was[i], after[i], `${location}/${i}`, found);
    return;
  }
  if (after === null || typeof after !== "object") return;
  const was = before !== null && typeof before === "object" ? (before as Record<string, unknown>) : {};
  for (const [name, member] of Object.entries(after)) {
    const at = `${location}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!Object.hasOwn(was, name)) found(at, "", name); // a member name that was redacted
    compare(Object.hasOwn(was, name) ? was[name] : undefined, member, at, found);
  }
}
