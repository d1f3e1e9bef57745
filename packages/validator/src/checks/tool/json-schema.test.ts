import { describe, expect, it } from "vitest";
import { compileSchema, dialectOf, isRisky, MAX_COMPILED, schemaProblem } from "./json-schema.js";

describe("dialectOf", () => {
  it("defaults to 2020-12 and knows 2019-09 and draft-07 (with or without the trailing #)", () => {
    expect(dialectOf({})).toBe("2020-12");
    expect(dialectOf({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toBe("2019-09");
    expect(dialectOf({ $schema: "http://json-schema.org/draft-07/schema#" })).toBe("draft-07");
    expect(dialectOf({ $schema: "http://json-schema.org/draft-07/schema" })).toBe("draft-07");
    expect(dialectOf({ $schema: "http://json-schema.org/draft-04/schema#" })).toBeUndefined();
    expect(dialectOf({ $schema: 42 })).toBeUndefined();
  });
});

describe("schemaProblem", () => {
  it("accepts valid object schemas of every known dialect", () => {
    expect(schemaProblem({ type: "object", properties: { a: { type: "number" } }, required: ["a"] })).toBeUndefined();
    expect(
      schemaProblem({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        additionalProperties: false,
      }),
    ).toBeUndefined();
  });

  it("names the first meta-schema violation and the dialect", () => {
    expect(schemaProblem({ type: "object", properties: { a: { type: "strnig" } } })).toMatch(
      /^\/properties\/a\/type: .* \(JSON Schema 2020-12\)$/,
    );
    expect(schemaProblem({ type: "object", required: "a" })).toMatch(/^\/required: must be array/);
  });

  it("reports an unknown $schema instead of guessing", () => {
    expect(schemaProblem({ $schema: "https://example.com/my-dialect", type: "object" })).toBe(
      'its $schema "https://example.com/my-dialect" names no dialect this validator knows',
    );
  });
});

describe("isRisky", () => {
  it.each(["(a+)+$", "(\\w*)*", "(x|y+){2,}", "((ab)*c)+", "(a)\\1", "(a+){10}"])("flags %j", (pattern) =>
    expect(isRisky(pattern)).toBe(true),
  );
  it.each(["^[a-z]+$", "(ab)+", "^(?:[0-9]{3}-)?[0-9]{4}$", "[(a+)+]", "\\(a+\\)+", "(a+)?", "(a+){3}"])(
    "lets %j through",
    (pattern) => expect(isRisky(pattern)).toBe(false),
  );
  it("flags a pattern over 1000 characters", () => expect(isRisky("a".repeat(1001))).toBe(true));
});

describe("compileSchema", () => {
  it("validates values and reports their first errors", () => {
    const compiled = compileSchema({ type: "object", properties: { t: { type: "number" } }, required: ["t"] });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.validate({ t: 1 })).toEqual([]);
    expect(compiled.validate({ t: "1" })).toEqual(["/t: must be number"]);
  });

  it("treats formats as annotations, as 2020-12 does by default", () => {
    const compiled = compileSchema({ type: "object", properties: { when: { type: "string", format: "date-time" } } });
    expect(compiled.ok && compiled.validate({ when: "yesterday" })).toEqual([]);
  });

  it("never throws on hostile schemas: unresolvable refs, catastrophic patterns, odd $schema", () => {
    expect(compileSchema({ $ref: "#/$defs/missing" })).toMatchObject({ ok: false });
    expect(compileSchema({ $ref: "https://evil.example/schema.json" })).toMatchObject({ ok: false });
    expect(compileSchema({ type: "string", pattern: "^(a+)+$" })).toMatchObject({
      ok: false,
      reason: 'its pattern "^(a+)+$" may backtrack catastrophically',
    });
    expect(compileSchema({ type: "object", patternProperties: { "(x*)*": {} } })).toMatchObject({ ok: false });
    expect(compileSchema({ $schema: "http://json-schema.org/draft-04/schema#" })).toMatchObject({ ok: false });
    expect(compileSchema({ type: 17 } as Record<string, unknown>)).toMatchObject({ ok: false });
  });

  it("compiles two schemas that claim the same $id", () => {
    const a = compileSchema({ $id: "https://example.com/s", type: "object", required: ["a"] });
    const b = compileSchema({ $id: "https://example.com/s", type: "object", required: ["b"] });
    expect(a.ok && a.validate({})).toEqual(["(root): must have required property 'a'"]);
    expect(b.ok && b.validate({})).toEqual(["(root): must have required property 'b'"]);
  });

  it("keeps working past its cache bound", () => {
    for (let i = 0; i < MAX_COMPILED * 2 + 3; i++) {
      const compiled = compileSchema({ type: "object", properties: { [`p${i}`]: { const: i } } });
      expect(compiled.ok && compiled.validate({ [`p${i}`]: i })).toEqual([]);
    }
  });
});

describe("draft-06 and references", () => {
  it("knows draft-06 and tells Ajv's own refusals from this validator's limits", () => {
    expect(schemaProblem({ $schema: "http://json-schema.org/draft-06/schema#", type: "object" })).toBeUndefined();
    expect(compileSchema({ $ref: "#/$defs/missing" })).toMatchObject({ ok: false, limit: false });
    expect(compileSchema({ type: "string", pattern: "(a*)*" })).toMatchObject({ ok: false, limit: true });
  });
});
