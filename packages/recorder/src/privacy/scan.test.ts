/**
 * `check --fail-on secret` sees what `--redact-secrets` redacts (issue 31 item 3): the scanner is the redaction, so
 * each of the report's bypass cases — now redacted — is also flagged, at its place; and over every event of the
 * corpus and those cases, an event is flagged exactly when the redaction changes it, once per placeholder it puts in.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { encodeHeaderValue, readHeaderValue, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { compileRedaction } from "./redact.js";
import { secretScanner } from "./scan.js";

const sample = (kind: string) => SECRET_SAMPLES.find((s) => s.kind === kind)!;
const base = { direction: "server-to-client", transport: "stdio" } as const;
const http = { direction: "client-to-server", transport: "streamable-http", kind: "http", method: "POST" } as const;
const token = sample("github-token").value;
const pem = sample("private-key").value.split("\n");

/** The report's bypass cases, one event each (the private key over several stderr lines, in order). */
const BYPASSES: [string, TraceEvent, string][] = [
  [
    "a message recorded raw",
    { seq: 1, ...base, kind: "raw", text: '{"jsonrpc":"2.0","id":7,"result":{"password":"hunter2hunter2","no' },
    "text",
  ],
  ["an HTTP request path", { seq: 2, ...http, path: `/v1/${token}/mcp` }, "path"],
  [
    "JSON held in a string",
    {
      seq: 3,
      ...base,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 1, result: { config: '{"password":"correct-horse-battery"}' } },
    },
    "payload/result/config",
  ],
  [
    "a prefixed credential name",
    {
      seq: 4,
      ...base,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 2, result: { env: { AWS_SECRET_ACCESS_KEY: "plainvalue" } } },
    },
    "payload/result/env/AWS_SECRET_ACCESS_KEY",
  ],
  [
    "YAML",
    {
      seq: 5,
      ...base,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 3, result: { text: "db:\n  password: correct-horse-battery\n" } },
    },
    "payload/result/text",
  ],
  ["Authorization: Basic in text", { seq: 6, ...base, kind: "stderr", text: sample("basic-auth").text }, "text"],
  [
    "a secret used as a member name",
    { seq: 7, ...base, kind: "message", payload: { jsonrpc: "2.0", id: 4, result: { byToken: { [token]: 1 } } } },
    "payload/result/byToken/[redacted:secret:github-token]",
  ],
  [
    "an unpadded Base64 Mcp-Param value",
    {
      seq: 8,
      ...http,
      path: "/mcp",
      headers: { "mcp-param-note": encodeHeaderValue(`x ${token}`).replace(/=+\?=$/, "?=") },
    },
    "headers/mcp-param-note",
  ],
  ...pem
    .slice(0, -1)
    .map((line, i): [string, TraceEvent, string] => [
      `a private key's line ${i + 1} on stderr`,
      { seq: 9 + i, ...base, kind: "stderr", text: line },
      "text",
    ]),
];

describe("check's secret scanner is the redaction", () => {
  it.each(BYPASSES.map(([name, , location], i) => [name, i, location] as const))(
    "flags %s, now redacted, at its place",
    (_, index, location) => {
      // One scanner over the cases in order, as check reads one trace (the key's body follows its BEGIN line).
      const scan = secretScanner();
      const found = BYPASSES.map(([, event]) => scan(event));
      expect(found[index]!.map((finding) => finding.location)).toContain(location);
    },
  );

  it("flags an event exactly when --redact-secrets changes it, once per placeholder, over the corpus and the cases", () => {
    const corpus = join(import.meta.dirname, "..", "..", "..", "..", "corpus");
    const traces: TraceEvent[][] = [BYPASSES.map(([, event]) => event)];
    for (const revision of readdirSync(corpus).filter((name) => /^\d{4}-/.test(name))) {
      for (const kind of ["good", "violations", "real"]) {
        let names: string[] = [];
        try {
          names = readdirSync(join(corpus, revision, kind)).filter((name) => name.endsWith(".jsonl"));
        } catch {}
        for (const name of names) {
          try {
            traces.push([...readTraceSync(readFileSync(join(corpus, revision, kind, name), "utf8"))]);
          } catch {} // a violation of the format itself
        }
      }
    }
    let flagged = 0;
    for (const events of traces) {
      const scan = secretScanner();
      const redactor = compileRedaction({ secrets: true })!;
      for (const event of events) {
        const redacted = redactor.redact(event);
        // Counted in the text a reader sees: a routing header's Base64 value decoded.
        const placeholders = (value: TraceEvent) => {
          const headers = value.kind === "http" ? Object.values(value.headers ?? {}) : [];
          const decoded = headers.map((header) => readHeaderValue(header).value ?? "");
          return JSON.stringify([value, decoded]).match(/\[redacted:secret:/g)?.length ?? 0;
        };
        const findings = scan(event);
        expect(findings.length, JSON.stringify(event).slice(0, 200)).toBe(placeholders(redacted) - placeholders(event));
        flagged += findings.length;
      }
    }
    expect(flagged).toBeGreaterThanOrEqual(BYPASSES.length);
  });
});
