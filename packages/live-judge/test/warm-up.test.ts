/**
 * The judge's thread gets ready before the session needs it (warm-up.ts): which request names the revision to load
 * early, and a warm-up or an early load that fails leaves the thread cold and nothing else (the real judge says
 * what was wrong; the live-equals-batch and tap tests judge every corpus trace on warmed-up threads).
 */

import { STATELESS_VERSION_META_KEY } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Attribution, createJudge, knownRevisions, opensWithInitialize } from "@mcp-conf/validator";
import { describe, expect, it } from "vitest";
import { madeUpSession, prepare, versionNamedBy, warmUp } from "../src/warm-up.js";

const c2s = (payload: unknown): TraceEvent => ({
  seq: 1,
  direction: "client-to-server",
  transport: "stdio",
  kind: "message",
  payload,
});
const s2c = (payload: unknown): TraceEvent => ({ ...c2s(payload), direction: "server-to-client" });

describe("the version a client's request names", () => {
  it("is the initialize request's protocolVersion", () => {
    const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18" } };
    expect(versionNamedBy(c2s(initialize))).toBe("2025-06-18");
  });

  it("is a request's _meta protocol version (2026-07-28 and later)", () => {
    const meta = { [STATELESS_VERSION_META_KEY]: "2026-07-28" };
    expect(versionNamedBy(c2s({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: meta } }))).toBe(
      "2026-07-28",
    );
  });

  it("is nothing for answers, notifications, the server's requests or a version that is not a string", () => {
    const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18" } };
    expect(versionNamedBy(s2c(initialize))).toBeUndefined();
    expect(versionNamedBy(s2c({ jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-06-18" } }))).toBeUndefined();
    expect(versionNamedBy(c2s({ jsonrpc: "2.0", method: "notifications/initialized" }))).toBeUndefined();
    expect(
      versionNamedBy(c2s({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 20250618 } })),
    ).toBeUndefined();
    expect(versionNamedBy({ ...c2s(undefined), kind: "raw", text: "not json" } as TraceEvent)).toBeUndefined();
  });
});

describe("warming up", () => {
  for (const revision of knownRevisions().filter(opensWithInitialize)) {
    it(`runs a finding's path too, at ${revision}: its made-up session has one finding, counted against a requirement`, () => {
      const judge = createJudge();
      for (const event of madeUpSession(revision)) judge.observe(event);
      const findings = judge.findings();
      expect(findings.map((finding) => finding.check)).toEqual(["base.schema-valid"]);
      expect(new Attribution(judge.registry!).attribute(findings[0]!, judge.facts!).length).toBeGreaterThan(0);
      expect(judge.finish().revision).toBe(revision);
    });
  }

  it("never throws, whatever revision it is asked for", () => {
    expect(() => warmUp({ revision: "1999-01-01" })).not.toThrow();
    expect(() => prepare("not-a-revision")).not.toThrow();
    expect(() => warmUp()).not.toThrow();
    expect(() => warmUp({ actor: "server" })).not.toThrow();
  });
});
