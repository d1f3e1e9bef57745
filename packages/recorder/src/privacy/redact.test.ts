import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { encodeHeaderValue, readHeaderValue, type TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { compileRedaction, RedactionRuleError } from "./redact.js";

const sample = (kind: string) => SECRET_SAMPLES.find((s) => s.kind === kind)!;
const message = (payload: unknown): TraceEvent => ({
  seq: 4,
  direction: "client-to-server",
  transport: "stdio",
  kind: "message",
  payload,
});
const call = (args: Record<string, unknown>) =>
  message({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "echo", arguments: args } });

describe("compileRedaction", () => {
  it("redacts nothing, and returns no redactor, for empty rules", () => {
    expect(compileRedaction({})).toBeUndefined();
    expect(compileRedaction({ keys: [], values: [], paths: [], secrets: false })).toBeUndefined();
  });

  it("replaces the value of a key at any depth and in any case, and marks the event", () => {
    const redactor = compileRedaction({ keys: ["Password"] })!;
    const event = call({ user: "ann", PASSWORD: { nested: 1 }, deep: [{ password: "x" }] });
    const out = redactor.redact(event);
    expect(out).toEqual({
      ...event,
      redacted: true,
      payload: {
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: {
          name: "echo",
          arguments: {
            user: "ann",
            PASSWORD: "[redacted:key:Password]",
            deep: [{ password: "[redacted:key:Password]" }],
          },
        },
      },
    });
    expect(
      (event as { payload: { params: { arguments: { PASSWORD: unknown } } } }).payload.params.arguments.PASSWORD,
    ).toEqual({ nested: 1 }); // the original is left alone
  });

  it("replaces each match of a value pattern inside strings, naming the rule by its number", () => {
    const redactor = compileRedaction({ values: ["x", "acct-[0-9]+"] })!;
    const out = redactor.redact(call({ note: "pay acct-1234 and acct-99 today" }));
    expect(JSON.stringify(out)).toContain('"pay [redacted:value:2] and [redacted:value:2] today"');
  });

  it("replaces what an RFC 9535 JSONPath selects, any type", () => {
    const redactor = compileRedaction({ paths: ["$..apiKey", "$.params.arguments.list[1]"] })!;
    const out = redactor.redact(call({ apiKey: 12345, cfg: { apiKey: "k" }, list: ["a", "b", "c"] })) as {
      payload: { params: { arguments: Record<string, unknown> } };
    };
    expect(out.payload.params.arguments).toEqual({
      apiKey: "[redacted:path:$..apiKey]",
      cfg: { apiKey: "[redacted:path:$..apiKey]" },
      list: ["a", "[redacted:path:$.params.arguments.list[1]]", "c"],
    });
  });

  it("replaces every preset credential inside a string, keeping the text around it", () => {
    const redactor = compileRedaction({ secrets: true })!;
    for (const s of SECRET_SAMPLES) {
      const out = JSON.stringify(redactor.redact(call({ text: s.text })));
      expect(out, s.kind).not.toContain(JSON.stringify(s.value).slice(1, -1));
      expect(out, s.kind).toContain(`[redacted:secret:${s.kind}]`);
    }
  });

  it("with the preset, replaces a string under a credential-named member", () => {
    const out = compileRedaction({ secrets: true })!.redact(call({ password: "hunter22", progressToken: "abcd1234" }));
    expect(JSON.stringify(out)).toContain('"password":"[redacted:secret:credential-pair]","progressToken":"abcd1234"');
  });

  it("never touches the JSON-RPC envelope, even when a rule selects it", () => {
    const redactor = compileRedaction({
      keys: ["id", "method"],
      values: [".+"],
      paths: ["$.jsonrpc", "$[0].id", "$"],
    })!;
    const single = redactor.redact(message({ jsonrpc: "2.0", id: "secret-id", method: "tools/list" }));
    expect(single).toEqual(message({ jsonrpc: "2.0", id: "secret-id", method: "tools/list" }));
    const batch = redactor.redact(message([{ jsonrpc: "2.0", id: 1, method: "ping", params: { id: "x" } }]));
    expect((batch as { payload: unknown }).payload).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping", params: { id: "[redacted:key:id]" } },
    ]);
  });

  it("returns the very same event when nothing matched", () => {
    const event = call({ message: "hello" });
    expect(compileRedaction({ secrets: true, keys: ["password"] })!.redact(event)).toBe(event);
  });

  it("redacts stderr and raw lines, header values and transport-open meta", () => {
    const redactor = compileRedaction({ secrets: true, keys: ["mcp-session-id"] })!;
    const token = sample("github-token");
    const events: TraceEvent[] = [
      { seq: 1, direction: "server-to-client", transport: "stdio", kind: "stderr", text: token.text },
      { seq: 2, direction: "server-to-client", transport: "stdio", kind: "raw", text: token.text },
      {
        seq: 3,
        direction: "client-to-server",
        transport: "streamable-http",
        kind: "http",
        headers: { "mcp-session-id": "abc", accept: token.text },
      },
      {
        seq: 4,
        direction: "client-to-server",
        transport: "stdio",
        kind: "lifecycle",
        event: "transport-open",
        meta: { command: ["node", "s.js", token.value] },
      },
    ];
    const out = events.map((e) => redactor.redact(e));
    expect(out.every((e) => e.redacted === true)).toBe(true);
    expect(JSON.stringify(out)).not.toContain(token.value);
    expect((out[2] as { headers: Record<string, string> }).headers["mcp-session-id"]).toBe(
      "[redacted:key:mcp-session-id]",
    );
  });

  it("hides a routing header that mirrors a hidden argument: by its parameter name, credential name or Base64 content", () => {
    const token = sample("github-token");
    const http = (headers: Record<string, string>): TraceEvent => ({
      seq: 5,
      direction: "client-to-server",
      transport: "streamable-http",
      kind: "http",
      headers,
    });
    const byKey = compileRedaction({ keys: ["region"] })!.redact(
      http({ "mcp-method": "tools/call", "mcp-param-region": "us-west1" }),
    );
    expect(byKey).toMatchObject({ redacted: true, headers: { "mcp-param-region": "[redacted:key:region]" } });
    expect((byKey as { headers: Record<string, string> }).headers["mcp-method"]).toBe("tools/call");

    const secrets = compileRedaction({ secrets: true })!;
    const named = secrets.redact(http({ "mcp-param-api-key": "plain-but-secret" }));
    expect(named).toMatchObject({ headers: { "mcp-param-api-key": "[redacted:secret:credential-pair]" } });

    const encoded = secrets.redact(http({ "mcp-param-note": encodeHeaderValue(`über ${token.value}`) })) as {
      redacted?: boolean;
      headers: Record<string, string>;
    };
    expect(encoded.redacted).toBe(true);
    expect(readHeaderValue(encoded.headers["mcp-param-note"]!)).toEqual({
      encoded: true,
      value: "über [redacted:secret:github-token]",
    });
    const untouched = http({ "mcp-name": encodeHeaderValue("wetter für köln") });
    expect(secrets.redact(untouched)).toBe(untouched);
  });

  it("refuses a bad regular expression and a bad JSONPath with an error naming the rule", () => {
    expect(() => compileRedaction({ values: ["(unclosed"] })).toThrow(RedactionRuleError);
    expect(() => compileRedaction({ values: ["(unclosed"] })).toThrow(/"\(unclosed" is not a regular expression/);
    expect(() => compileRedaction({ paths: ["$..["] })).toThrow(/"\$\.\.\[" is not an RFC 9535 JSONPath/);
    expect(() => compileRedaction({ paths: ["apiKey"] })).toThrow(RedactionRuleError); // no root: not RFC 9535
  });
});
