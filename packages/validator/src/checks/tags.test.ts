import { describe, expect, it } from "vitest";
import { CHECK_TAGS } from "../engine/types.js";
import { ALL_CHECKS, checksTagged } from "./index.js";

describe("check tags", () => {
  it("each tag is carried by some check, and only by checks the validator ships", () => {
    const ids = new Set(ALL_CHECKS.map((check) => check.id));
    for (const tag of CHECK_TAGS) {
      const tagged = checksTagged(tag);
      expect(tagged.size, tag).toBeGreaterThan(0);
      for (const id of tagged) expect(ids.has(id)).toBe(true);
    }
  });

  it("tags the JSON-RPC and schema checks invalid-message, and the deprecation checks deprecated", () => {
    expect([...checksTagged("invalid-message")].sort()).toEqual(["base.jsonrpc-valid", "base.schema-valid"]);
    const deprecated = checksTagged("deprecated");
    for (const id of ["depr.roots-used", "depr.sampling-used", "depr.logging-used", "samp.include-context-avoided"])
      expect(deprecated.has(id), id).toBe(true);
    expect(deprecated.has("base.jsonrpc-valid")).toBe(false);
  });
});
