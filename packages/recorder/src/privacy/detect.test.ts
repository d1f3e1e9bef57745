import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { detectSecrets, isCredentialName } from "./detect.js";
import { scanEventForSecrets } from "./scan.js";
import { SECRET_KINDS } from "./secret-kinds.js";

const corpus = join(import.meta.dirname, "../../../../corpus");

describe("detectSecrets", () => {
  it.each(SECRET_SAMPLES.map((s) => [s.kind, s] as const))("finds a %s and spans exactly its value", (_, sample) => {
    const matches = detectSecrets(sample.text);
    expect(matches.map((m) => m.kind)).toEqual([sample.kind]);
    const [match] = matches;
    expect(sample.text.slice(match!.start, match!.end)).toBe(sample.value);
  });

  it("has a sample for every kind of the preset", () => {
    expect(new Set(SECRET_SAMPLES.map((s) => s.kind))).toEqual(new Set(SECRET_KINDS));
  });

  it("finds several credentials in one text, in order", () => {
    const text = SECRET_SAMPLES.map((s) => s.text).join(" | ");
    expect(detectSecrets(text).map((m) => m.kind)).toEqual(SECRET_SAMPLES.map((s) => s.kind));
  });

  it.each([
    ["an MCP progress token", "progressToken=abc-123-def-456"],
    ["a cursor", "nextCursor eyJwYWdlIjoyfQ=="],
    ["a uuid", "session 3f1c2b7e-9a4d-4c1e-8f00-123456789abc"],
    ["a short bearer word", "Bearer of bad news"],
    ["a word ending in sk-", "the task-abcdefghijklmnopqrstuvwxyz0123 ran"],
    ["a token count", "token=5"],
    ["base64 image data", `data:image/png;base64,${"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"}`],
    ["a placeholder", "api_key=[redacted:secret:credential-pair]"],
  ])("finds nothing in %s", (_, text) => {
    expect(detectSecrets(text)).toEqual([]);
  });

  it("finds nothing in the good traces of the corpus (no false alarm on real sessions)", () => {
    for (const revision of readdirSync(corpus).filter((d) => /^\d{4}-/.test(d))) {
      const dir = join(corpus, revision, "good");
      for (const file of readdirSync(dir)) {
        for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
          if (line === "") continue;
          const findings = scanEventForSecrets(JSON.parse(line) as TraceEvent);
          expect(findings, `${file}: ${line.slice(0, 120)}`).toEqual([]);
        }
      }
    }
  });
});

describe("scanEventForSecrets", () => {
  const sample = (kind: string) => SECRET_SAMPLES.find((s) => s.kind === kind)!;
  const base = { direction: "client-to-server", transport: "stdio" } as const;

  it("names the seq, kind and place of a secret in a payload, never the value", () => {
    const event: TraceEvent = {
      seq: 7,
      ...base,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "echo", arguments: { message: sample("github-token").text, "a/b": [sample("jwt").text] } },
      },
    };
    const findings = scanEventForSecrets(event);
    expect(findings).toEqual([
      { seq: 7, kind: "github-token", location: "payload/params/arguments/message" },
      { seq: 7, kind: "jwt", location: "payload/params/arguments/a~1b/0" },
    ]);
    expect(JSON.stringify(findings)).not.toContain(sample("github-token").value);
  });

  it("treats a string under a credential-named member as a credential-pair", () => {
    const event: TraceEvent = {
      seq: 3,
      ...base,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 1, method: "x", params: { password: "letmein!", progressToken: "abcdefgh" } },
    };
    expect(scanEventForSecrets(event)).toEqual([
      { seq: 3, kind: "credential-pair", location: "payload/params/password" },
    ]);
  });

  it("reads header values, credential headers, stderr and raw lines and transport-open meta", () => {
    const events: TraceEvent[] = [
      { seq: 1, ...base, transport: "streamable-http", kind: "http", headers: { authorization: "Basic dXNlcjpwYXNz" } },
      {
        seq: 2,
        ...base,
        transport: "streamable-http",
        kind: "http",
        headers: { "x-note": sample("aws-access-key").text },
      },
      { seq: 3, direction: "server-to-client", transport: "stdio", kind: "stderr", text: sample("slack-token").text },
      { seq: 4, ...base, kind: "raw", text: sample("private-key").text },
      {
        seq: 5,
        ...base,
        kind: "lifecycle",
        event: "transport-open",
        meta: { command: ["node", "s.js", `--token=${sample("gitlab-token").value}`] },
      },
    ];
    expect(events.flatMap(scanEventForSecrets)).toEqual([
      { seq: 1, kind: "basic-auth", location: "headers/authorization" },
      { seq: 2, kind: "aws-access-key", location: "headers/x-note" },
      { seq: 3, kind: "slack-token", location: "text" },
      { seq: 4, kind: "private-key", location: "text" },
      { seq: 5, kind: "gitlab-token", location: "meta/command/2" },
    ]);
  });

  it("reads a routing header's Base64-encoded value and the argument name its Mcp-Param header mirrors", () => {
    const event: TraceEvent = {
      seq: 6,
      ...base,
      transport: "streamable-http",
      kind: "http",
      headers: {
        "mcp-param-note": `=?base64?${Buffer.from(sample("aws-access-key").text).toString("base64")}?=`,
        "mcp-param-api-key": "k-12345678",
      },
    };
    expect(scanEventForSecrets(event)).toEqual([
      { seq: 6, kind: "aws-access-key", location: "headers/mcp-param-note" },
      { seq: 6, kind: "credential-pair", location: "headers/mcp-param-api-key" },
    ]);
  });

  it("knows credential names in any case and spelling", () => {
    for (const name of ["password", "API_KEY", "X-Api-Key", "apiKey", "access_token", "Authorization"]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of ["progressToken", "nextCursor", "name", "tokens", "maxTokens"]) {
      expect(isCredentialName(name), name).toBe(false);
    }
  });
});
