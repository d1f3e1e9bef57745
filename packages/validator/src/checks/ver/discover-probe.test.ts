import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, MODERN, modernHttpSession, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const CHECK = "ver.modern-client-probes-first";
const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: modernMeta({}) } });
const listed = (id: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private", _meta: SERVER_META },
});
const refused = (id: number) => ({ jsonrpc: "2.0", id, error: { code: -32600, message: "Server not initialized" } });

describe(`${CHECK} (VER-011)`, () => {
  it("passes a stdio client that probes with server/discover first", () => {
    const trace = discovered({}).client(list(1)).server(listed(1));
    expect(judged(CHECK, trace.close().events)).toEqual({ findings: [], examined: 1 });
  });

  it("passes a client that skipped the probe and met a modern server (a persisted verdict, or a probe on another process)", () => {
    const trace = new TraceBuilder({ revision: MODERN }).open().client(list(1)).server(listed(1));
    expect(judged(CHECK, trace.close().events)).toEqual({ findings: [], examined: 1 });
  });

  it.each([
    ["refused it", refused(1)],
    ["served it under 2025 rules", { jsonrpc: "2.0", id: 1, result: { tools: [] } }],
  ])("warns a client that skipped the probe and met a legacy server, which %s", (_, answer) => {
    const trace = new TraceBuilder({ revision: MODERN }).open().client(list(1)).server(answer);
    const { findings, examined } = judged(CHECK, trace.close().events);
    expect(examined).toBe(1);
    expect(findings.map((f) => [f.seq, f.detail])).toEqual([
      [
        1,
        'the client\'s first request was "tools/list", not a server/discover probe, and the server answered it (seq 2) as a legacy server does: none of its results had resultType or _meta serverInfo',
      ],
    ]);
  });

  it("asks nothing of a client on streamable HTTP, where the first request's status drives the fallback", () => {
    const events = modernHttpSession([{ id: 1, method: "tools/list" }]);
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 0 });
  });
});
