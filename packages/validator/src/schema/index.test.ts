import { describe, expect, it } from "vitest";
import { errorTexts, MAX_SCHEMA_ERRORS, schemaFor, schemaRevisions } from "./index.js";

const schema = schemaFor("2025-11-25")!;

describe("official schema validation", () => {
  it("is vendored for 2025-11-25 and for no unknown revision", () => {
    expect(schemaRevisions()).toContain("2025-11-25");
    expect(schemaFor("1999-01-01")).toBeUndefined();
  });

  it("knows the $defs types of the schema and nothing else", () => {
    expect(schema.has("CallToolRequest")).toBe(true);
    expect(schema.has("JSONRPCMessage")).toBe(true);
    expect(schema.has("toString")).toBe(false);
    expect(schema.has("NoSuchType")).toBe(false);
    expect(() => schema.validate("NoSuchType", {})).toThrow('schema 2025-11-25 has no $defs type "NoSuchType"');
  });

  it("accepts a valid message and explains an invalid one by instance path", () => {
    const request = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { x: 1 } } };
    expect(schema.validate("CallToolRequest", request)).toEqual([]);
    expect(schema.validate("CallToolRequest", { ...request, params: { name: 7 } })).toEqual([
      "/params/name: must be string",
    ]);
    expect(schema.validate("CallToolRequest", "nope")).toEqual(["(root): must be object"]);
  });

  it("checks the formats the schema uses: base64 blobs and URIs", () => {
    const blob = (value: string) => schema.validate("BlobResourceContents", { uri: "file:///a", blob: value });
    expect(blob("SGVsbG8=")).toEqual([]);
    expect(blob("not base64!")).toEqual(['/blob: must match format "byte"']);
    expect(schema.validate("BlobResourceContents", { uri: "no scheme", blob: "SGVsbG8=" })).toEqual([
      '/uri: must match format "uri"',
    ]);
  });

  it("survives hostile values without throwing", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 5000; i++) deep = { content: [deep] };
    const hostile = [null, undefined, 1e308, -0, "\u202e", [], { __proto__: { jsonrpc: "2.0" } }, deep];
    for (const value of hostile) expect(Array.isArray(schema.validate("JSONRPCMessage", value))).toBe(true);
    expect(schema.validate("CallToolResult", deep).length).toBeGreaterThan(0);
    let abyss: unknown = {};
    for (let i = 0; i < 200_000; i++) abyss = { a: [abyss] };
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", arguments: abyss, _meta: abyss } };
    expect(schema.validate("CallToolRequest", call)).toEqual([]);
  });
});

describe("error texts", () => {
  it("de-duplicates and keeps at most MAX_SCHEMA_ERRORS", () => {
    const errors = Array.from({ length: 20 }, (_, i) => ({ instancePath: `/a/${i % 7}`, message: "must be string" }));
    const texts = errorTexts([...errors, ...errors]);
    expect(texts).toHaveLength(MAX_SCHEMA_ERRORS);
    expect(new Set(texts).size).toBe(MAX_SCHEMA_ERRORS);
  });
});
