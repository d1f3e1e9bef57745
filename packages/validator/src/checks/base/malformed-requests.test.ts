import { describe, expect, it } from "vitest";
import { examinedBy, findingsOf } from "../../../test/support/judge.js";
import { discovered, MODERN, modernHttpSession, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const VERSION_ONLY = { "io.modelcontextprotocol/protocolVersion": MODERN };
const COMPLETE = { result: { resultType: "complete", _meta: SERVER_META, tools: [] } };
const details = (check: string, events: Parameters<typeof findingsOf>[1]) =>
  findingsOf(check, events).map((f) => `${f.seq}: ${f.detail}`);

/** A stdio session whose tools/list lacks clientCapabilities, answered with `answer`. */
function stdio(answer: Record<string, unknown>) {
  const s = discovered({});
  s.client({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: VERSION_ONLY } });
  return s.server({ jsonrpc: "2.0", id: 1, ...answer }).close().events;
}

describe("meta.malformed-request-rejected", () => {
  it("fails a server that serves a request missing a required _meta field", () => {
    expect(details("meta.malformed-request-rejected", stdio(COMPLETE))).toEqual([
      '4: the "tools/list" request lacks _meta "io.modelcontextprotocol/clientCapabilities"; the server answered it with a result, not error -32602',
    ]);
    expect(details("meta.malformed-request-rejected", stdio({ error: { code: -32603, message: "x" } }))).toHaveLength(
      1,
    );
  });

  it("leaves the code of a legacy initialize's rejection to the server (basic/versioning)", () => {
    const s = discovered({});
    s.client({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25" } });
    const events = s
      .server({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } })
      .close().events;
    expect(findingsOf("meta.malformed-request-rejected", events)).toEqual([]);
    expect(examinedBy("meta.malformed-request-rejected", events)).toBe(1);
  });

  it("passes the -32602 rejection, and examines every answered client request", () => {
    const events = stdio({ error: { code: -32602, message: "Missing clientCapabilities" } });
    expect(findingsOf("meta.malformed-request-rejected", events)).toEqual([]);
    expect(examinedBy("meta.malformed-request-rejected", events)).toBe(2);
  });
});

describe("meta.malformed-request-400 and meta.missing-capability-400 (streamable HTTP)", () => {
  const malformed = (status: number) =>
    modernHttpSession([
      {
        id: 1,
        method: "tools/list",
        params: { _meta: VERSION_ONLY },
        status,
        answer: { error: { code: -32602, message: "m" } },
      },
    ]);
  const capability = (status: number) =>
    modernHttpSession([
      {
        id: 1,
        method: "tools/call",
        params: { name: "book", arguments: {} },
        status,
        answer: { error: { code: -32021, message: "m", data: { requiredCapabilities: { elicitation: {} } } } },
      },
    ]);

  it("fails a malformed request's rejection that does not come with status 400", () => {
    expect(details("meta.malformed-request-400", malformed(200))).toEqual([
      '4: the "tools/list" request lacks _meta "io.modelcontextprotocol/clientCapabilities"; it was rejected with HTTP 200, not 400',
    ]);
    expect(findingsOf("meta.malformed-request-400", malformed(400))).toEqual([]);
    // A well-formed request's error may come with any status: examined, not reported.
    expect(findingsOf("meta.malformed-request-400", capability(200))).toEqual([]);
    expect(examinedBy("meta.malformed-request-400", capability(200))).toBe(1);
  });

  it("fails a -32021 that does not come with status 400", () => {
    expect(details("meta.missing-capability-400", capability(200))).toEqual([
      '4: MissingRequiredClientCapabilityError (-32021) to "tools/call" came with HTTP 200, not 400',
    ]);
    expect(findingsOf("meta.missing-capability-400", capability(400))).toEqual([]);
    expect(examinedBy("meta.missing-capability-400", malformed(200))).toBe(0);
  });

  it("leaves a request whose _meta is complete alone", () => {
    const events = modernHttpSession([{ id: 1, method: "tools/list", params: { _meta: modernMeta({}) } }]);
    expect(findingsOf("meta.malformed-request-rejected", events)).toEqual([]);
  });
});

describe("a request that fails both basic/index's _meta rule and Server Validation (streamable HTTP)", () => {
  /** A tools/list lacking clientCapabilities, its Mcp-Method header naming another method when `mismatched`. */
  const both = (code: number, mismatched = true) =>
    modernHttpSession([
      {
        id: 1,
        method: "tools/list",
        params: { _meta: VERSION_ONLY },
        requestHeaders: mismatched ? { "mcp-method": "prompts/list" } : {},
        status: 400,
        answer: { error: { code, message: "m" } },
      },
    ]);
  const judged = ["meta.malformed-request-rejected", "shttp.header-rejection-form"];

  it("takes either rejection: -32602 for the body, -32020 for the headers", () => {
    for (const code of [-32602, -32020]) {
      for (const check of judged) expect(findingsOf(check, both(code)), `${check} on ${code}`).toEqual([]);
      expect(examinedBy("meta.malformed-request-rejected", both(code))).toBe(1);
    }
  });

  it("still holds each rule alone: -32020 for a body fault under sound headers, another code for both", () => {
    expect(details("meta.malformed-request-rejected", both(-32020, false))).toEqual([
      '4: the "tools/list" request lacks _meta "io.modelcontextprotocol/clientCapabilities"; the server answered it with error -32020, not error -32602',
    ]);
    expect(findingsOf("meta.malformed-request-rejected", both(-32603))).toHaveLength(1);
    expect(findingsOf("shttp.header-rejection-form", both(-32603))).toHaveLength(1);
  });
});
