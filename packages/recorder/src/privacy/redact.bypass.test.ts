/**
 * Regression tests of issue 31's redaction reports: a catastrophic `--redact-value`, and the ways around the rules
 * (a message recorded raw, a request path, JSON held in a string, prefixed credential names, YAML, `Basic`, a secret
 * as a member name, a private key over several stderr lines, an unpadded Base64 header, a secret from the argv).
 */

import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { encodeHeaderValue, type TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { buildLineEvent } from "../line-event.js";
import { compileRedaction } from "./redact.js";
import { commandLineSecrets } from "./session-facts.js";

const sample = (kind: string) => SECRET_SAMPLES.find((s) => s.kind === kind)!;
const base = { seq: 3, direction: "server-to-client", transport: "stdio" } as const;
const text = (kind: "raw" | "stderr", value: string): TraceEvent => ({ ...base, kind, text: value });
const message = (payload: unknown): TraceEvent => ({ ...base, kind: "message", payload });
const serialized = (event: TraceEvent) => JSON.stringify(event);

describe("a catastrophic --redact-value pattern", () => {
  it("cannot stall redaction: past the time budget the string is withheld whole and counted", () => {
    const redactor = compileRedaction({ values: ["(a+)+$"] })!;
    const hostile = `${"a".repeat(40)}b`;
    const event = redactor.redact(message({ jsonrpc: "2.0", id: 1, result: { text: hostile, other: "ok" } }));
    expect(serialized(event)).not.toContain(hostile);
    expect(serialized(event)).toContain("[redacted:value:1]");
    expect(redactor.withheld).toBeGreaterThan(0);
    // and the next event is redacted as usual
    const next = redactor.redact(message({ jsonrpc: "2.0", id: 2, result: { text: "aaa" } }));
    expect(serialized(next)).toContain('"text":"[redacted:value:1]"');
  });
});

describe("every rule reaches a message recorded raw", () => {
  const cut = '{"jsonrpc":"2.0","id":7,"result":{"password":"hunter2hunter2","config":{"apiKey":"abcd1234","note":"x';
  it("key rules and credential names hide JSON members in a cut or non-JSON line", () => {
    const byKey = compileRedaction({ keys: ["apiKey"] })!.redact(text("raw", cut));
    expect(serialized(byKey)).not.toContain("abcd1234");
    const bySecrets = compileRedaction({ secrets: true })!.redact(text("raw", cut));
    expect(serialized(bySecrets)).not.toContain("hunter2hunter2");
  });

  it("a JSONPath, which needs the parsed message, withholds a JSON-looking raw text whole", () => {
    const event = compileRedaction({ paths: ["$..note"] })!.redact(text("raw", cut));
    expect(event).toMatchObject({ kind: "raw", text: "[redacted:path:*]", redacted: true });
  });
});

describe("the preset and the known secrets reach everywhere", () => {
  const secrets = compileRedaction({ secrets: true })!;

  it("an HTTP request path (a hosted server's token in the URL)", () => {
    const token = sample("github-token").value;
    const event = secrets.redact({
      ...base,
      transport: "streamable-http",
      kind: "http",
      method: "POST",
      path: `/v1/${token}/mcp`,
    });
    expect(serialized(event)).not.toContain(token);
  });

  it.each([
    ["JSON held in a string", `{"password":"correct-horse-battery"}`, "correct-horse-battery"],
    ["YAML", "db:\n  password: correct-horse-battery\n", "correct-horse-battery"],
    ["Authorization: Basic in text", sample("basic-auth").text, sample("basic-auth").value],
  ])("%s", (_, value, secret) => {
    const event = secrets.redact(message({ jsonrpc: "2.0", id: 1, result: { text: value } }));
    expect(serialized(event)).not.toContain(secret);
  });

  it.each(["DB_PASSWORD", "AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "dbPassword"])(
    "a plain value under a prefixed credential name: %s",
    (name) => {
      const event = secrets.redact(message({ jsonrpc: "2.0", id: 1, result: { env: { [name]: "plainvalue" } } }));
      expect(serialized(event)).not.toContain("plainvalue");
    },
  );

  it("keeps progressToken and nextPageToken (protocol fields, not credentials)", () => {
    const payload = { jsonrpc: "2.0", id: 1, result: { progressToken: "abcdef", nextPageToken: "ghijkl" } };
    expect(secrets.redact(message(payload))).toEqual(message(payload));
  });

  it("a secret used as a member name", () => {
    const token = sample("github-token").value;
    const event = secrets.redact(message({ jsonrpc: "2.0", id: 1, result: { byToken: { [token]: 1 } } }));
    expect(serialized(event)).not.toContain(token);
  });

  it("a PEM private key over several stderr lines, not only its BEGIN line", () => {
    const lines = sample("private-key").value.split("\n");
    const out = lines.map((line) => serialized(secrets.redact(text("stderr", line))));
    for (const line of lines.slice(1)) expect(out.join("\n")).not.toContain(line);
    expect(serialized(secrets.redact(text("stderr", "server ready")))).toContain("server ready");
  });

  it("an unpadded Base64 Mcp-Param value", () => {
    const token = sample("github-token").value;
    const unpadded = encodeHeaderValue(`x ${token}`).replace(/=+\?=$/, "?=");
    const event = secrets.redact({
      ...base,
      transport: "streamable-http",
      kind: "http",
      method: "POST",
      path: "/mcp",
      headers: { "mcp-param-note": unpadded },
    });
    expect(serialized(event)).not.toContain(unpadded);
  });

  it("a secret from the server's argv, echoed on stderr or in a payload, without any flag", () => {
    const argv = ["node", "server.js", "--api-key", "plain-but-secret-value"];
    const known = compileRedaction({ known: commandLineSecrets(argv) })!;
    expect(serialized(known.redact(text("stderr", "using plain-but-secret-value")))).not.toContain("plain-but");
    const echoed = known.redact(message({ jsonrpc: "2.0", id: 1, result: { key: "plain-but-secret-value" } }));
    expect(serialized(echoed)).not.toContain("plain-but");
  });
});

describe("what the recorder writes, the reader reads", () => {
  it("a message nested deeper than a trace line may be is recorded as a raw line", () => {
    const deep = `${"[".repeat(200)}${"]".repeat(200)}`;
    const event = buildLineEvent({
      ...base,
      at: undefined,
      bytes: Buffer.from(deep),
      length: deep.length,
      truncated: false,
    });
    expect(event).toMatchObject({ kind: "raw", text: deep });
  });
});
