import { request, result, TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingsOf } from "../../../test/support/judge.js";
import { metaKeys, splitMetaKey } from "./meta-keys.js";

describe("_meta keys", () => {
  it("finds _meta keys at any depth, with where they are", () => {
    const message = {
      params: { _meta: { progressToken: 1 }, content: [{ type: "text", text: "x", _meta: { "a.b/c": 1 } }] },
    };
    expect(metaKeys(message)).toEqual([
      { key: "progressToken", at: "/params/_meta" },
      { key: "a.b/c", at: "/params/content/0/_meta" },
    ]);
  });

  it("stops at a bounded depth instead of recursing without end", () => {
    let deep: unknown = { _meta: { k: 1 } };
    for (let i = 0; i < 10_000; i++) deep = { nested: deep };
    expect(metaKeys(deep)).toEqual([]);
  });

  it("splits at the first slash: the name keeps any later one", () => {
    expect(splitMetaKey("io.modelcontextprotocol/related-task")).toEqual({
      prefix: "io.modelcontextprotocol",
      name: "related-task",
    });
    expect(splitMetaKey("plain")).toEqual({ name: "plain" });
    expect(splitMetaKey("a/b/c")).toEqual({ prefix: "a", name: "b/c" });
  });

  it("accepts the keys MCP itself uses and an empty name", () => {
    const keys = [
      "progressToken",
      "io.modelcontextprotocol/related-task",
      "com.example-co/x",
      "dev.mcp/",
      "a1.b2/n.a_m-e",
    ];
    const t = new TraceBuilder().open().handshake();
    t.client(request(1, "ping", { _meta: Object.fromEntries(keys.map((k) => [k, 1])) }))
      .server(result(1))
      .close();
    for (const check of [
      "base.meta-prefix-format",
      "base.meta-prefix-labels",
      "base.meta-name-edges",
      "base.meta-name-chars",
    ]) {
      expect(findingsOf(check, t.events), check).toEqual([]);
    }
  });

  it("reports a slash inside the name as a character outside the allowed set", () => {
    const t = new TraceBuilder().open().handshake();
    t.client(request(1, "ping", { _meta: { "a/b/c": 1 } }))
      .server(result(1))
      .close();
    expect(findingsOf("base.meta-name-chars", t.events)).toHaveLength(1);
  });
});
