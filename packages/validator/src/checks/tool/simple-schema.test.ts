import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSimpleSchema, simpleSchemaAccepts } from "./simple-schema.js";

// Ajv itself, as json-schema.ts configures it: the fast path must never call valid what Ajv calls invalid.
const require = createRequire(import.meta.url);
const options = { strict: false, allErrors: false, validateFormats: false, addUsedSchema: false };
const ajvs = {
  "2020-12": new (require("ajv/dist/2020.js").default)(options),
  "2019-09": new (require("ajv/dist/2019.js").default)(options),
  "draft-07": new (require("ajv").default)(options),
};
const draft06 = new (require("ajv").default)(options);
draft06.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
const DIALECTS = [...Object.values(ajvs), draft06];

const NAMES = ["a", "b", "query", "limit"];
const primitive = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.double(), fc.boolean());
/**
 * Schemas mostly of the simple shape; `odd` adds a keyword or shape the fast path must refuse (or survive). At most
 * three keywords (and the type, unless odd): a schema with every keyword accepts hardly any value. The keywords are
 * chosen first and only theirs are generated — generating all of them to keep three took most of this file's time.
 */
const schemaOf = (odd: boolean) =>
  fc.letrec<{ schema: Record<string, unknown> }>((tie) => {
    const keywords: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.constantFrom("string", "number", "integer", "boolean", "null", "object", "array"),
      properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }),
      required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
      additionalProperties: fc.boolean(),
      items: tie("schema"),
      enum: fc.uniqueArray(fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 })), {
        minLength: 1,
        maxLength: 3,
      }),
      const: fc.oneof(fc.string({ maxLength: 1 }), fc.integer({ min: -1, max: 1 }), fc.constant(null)),
      minimum: fc.integer({ min: -2, max: 2 }),
      exclusiveMaximum: fc.integer({ min: -2, max: 2 }),
      description: fc.string(),
      format: fc.constantFrom("uri", "email"),
      default: fc.jsonValue(),
      ...(odd
        ? {
            pattern: fc.constant("^a"),
            $ref: fc.constant("#"),
            minLength: fc.constant(1),
            title: fc.constant(1),
            type: fc.constantFrom("strnig", ["string", "null"], "object"),
            additionalProperties: fc.constant({}),
            required: fc.constant(["toString", "a", "a"]),
          }
        : {}),
    };
    return {
      schema: fc.tuple(fc.subarray(Object.keys(keywords), { maxLength: 3 }), fc.boolean()).chain(([chosen, typed]) => {
        const keys = !odd && typed && !chosen.includes("type") ? [...chosen, "type"] : chosen;
        return fc.record(Object.fromEntries(keys.map((key) => [key, keywords[key]!])));
      }),
    };
  }).schema;
const schema = fc.oneof(schemaOf(false), schemaOf(false), schemaOf(true));
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    primitive,
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES, "toString", "__proto__"), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("the simple-schema fast path", () => {
  it("calls a schema simple only when every dialect's meta-schema accepts it", () => {
    let simple = 0;
    fc.assert(
      fc.property(schema, (s) => {
        if (!isSimpleSchema(s)) return;
        simple++;
        for (const ajv of DIALECTS) expect(ajv.validateSchema(s)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(simple).toBeGreaterThan(100);
  });

  it("accepts a value only when Ajv does, in every dialect", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        schema,
        fc.nat(DIALECTS.length - 1),
        fc.array(fc.nat(9), { minLength: 64, maxLength: 64 }),
        fc.array(value, { maxLength: 4 }),
        (s, dialect, dice, others) => {
          if (!isSimpleSchema(s)) return;
          const fn = DIALECTS[dialect]!.compile(structuredClone(s));
          let at = 0;
          const roll = () => dice[at++ % dice.length]!;
          for (const v of [sample(s, roll), sample(s, roll), ...others]) {
            if (!simpleSchemaAccepts(s, v)) {
              refused++;
              continue;
            }
            accepted++;
            expect(fn(v)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it("takes the schemas servers usually send and leaves the rest to Ajv", () => {
    const tool = {
      type: "object",
      properties: {
        query: { type: "string", description: "What to look for" },
        limit: { type: "integer", minimum: 1 },
      },
      required: ["query"],
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    };
    expect(isSimpleSchema(tool)).toBe(true);
    expect(simpleSchemaAccepts(tool, { query: "x", limit: 3 })).toBe(true);
    expect(simpleSchemaAccepts(tool, { query: "x", limit: 0 })).toBe(false);
    expect(simpleSchemaAccepts(tool, { limit: 3 })).toBe(false);
    expect(simpleSchemaAccepts(tool, { query: "x", extra: 1 })).toBe(false);
    for (const other of [
      { type: "object", properties: { a: { $ref: "#/$defs/a" } } },
      { type: "object", properties: { a: { type: ["string", "null"] } } },
      { type: "object", anyOf: [{ required: ["a"] }] },
      { type: "object", properties: { toString: { type: "string" } } },
      { type: "object", properties: { a: { type: "string", pattern: "^a" } } },
      { type: "object", properties: { a: { $schema: "https://json-schema.org/draft/2020-12/schema" } } },
      { type: "object", required: ["a", "a"] },
    ])
      expect(isSimpleSchema(other)).toBe(false);
  });
});

/** A value likely to satisfy `s` (sometimes off by one property or bound), steered by `roll` (0-9). */
function sample(s: Record<string, unknown>, roll: () => number): unknown {
  if (Array.isArray(s.enum)) return s.enum[roll() % s.enum.length];
  if (s.const !== undefined && roll() > 1) return s.const;
  const min = typeof s.minimum === "number" ? s.minimum : -3;
  switch (s.type) {
    case "string":
      return roll() > 0 ? "ab" : 1;
    case "number":
      return min + roll() / 4;
    case "integer":
      return min + roll() - 2;
    case "boolean":
      return roll() > 4;
    case "null":
      return null;
    case "array":
      return [0, 1, 2].slice(roll() % 3).map(() => (s.items ? sample(s.items as Record<string, unknown>, roll) : 1));
    default: {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const name of (s.required as string[] | undefined) ?? []) if (roll() > 0) out[name] = 1;
      for (const [name, sub] of Object.entries(properties)) if (roll() > 2) out[name] = sample(sub, roll);
      if (roll() === 0) out.extra = true;
      return s.type === undefined && roll() < 2 ? "ab" : out;
    }
  }
}
