/**
 * JSON Schemas that servers send (tool input and output schemas) are untrusted: this module validates them against
 * their dialect's meta-schema and compiles them for checking values, without ever throwing. Dialects: 2020-12 (the
 * default when `$schema` is absent), 2019-09, draft-07 and draft-06; any other `$schema` is left unjudged rather
 * than guessed. Compiled validators are cached by the schema's JSON text with a bound — when the cache fills, the
 * Ajv instances are replaced, which drops everything they compiled. Schemas with a `pattern` that looks
 * catastrophic (a quantified group that itself holds a quantifier) are not compiled: a hostile regex must not
 * stall the judge. Formats are annotations here, as in 2020-12 by default. The common simple schemas are judged by
 * simple-schema.ts first, which only ever says "valid": everything else, and every error text, is Ajv's.
 */
import { createRequire } from "node:module";
import type AjvDraft07 from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import type Ajv2019 from "ajv/dist/2019.js";
import type Ajv2020 from "ajv/dist/2020.js";
import { judgedAPlaceholder } from "../../schema/redacted.js";
import { isSimpleSchema, simpleSchemaAccepts } from "./simple-schema.js";

// Ajv is loaded on first use, not at import: most traces declare no schema, and loading it costs ~55 ms of start-up.
const require = createRequire(import.meta.url);

type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-06";
type AjvInstance = InstanceType<typeof Ajv2020.default>;

const DIALECTS: Record<string, Dialect> = {
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
  "https://json-schema.org/draft/2019-09/schema": "2019-09",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "http://json-schema.org/draft-06/schema": "draft-06",
};

/** Schemas larger than this (as JSON text) are not compiled. */
export const MAX_SCHEMA_TEXT = 256 * 1024;
/** Compiled validators kept before the Ajv instances are replaced. */
export const MAX_COMPILED = 64;
/** Error texts returned per validation. */
const MAX_ERRORS = 3;

export type Compiled =
  | { ok: true; validate: (value: unknown) => string[] }
  /** `limit`: refused by this validator's own safety limits (size, risky regex, unknown dialect), not by Ajv. */
  | { ok: false; reason: string; limit: boolean };

/** The dialect a schema declares (or the 2020-12 default), or undefined for an unknown `$schema`. */
export function dialectOf(schema: Record<string, unknown>): Dialect | undefined {
  const declared = schema.$schema;
  if (declared === undefined) return "2020-12";
  if (typeof declared !== "string") return undefined;
  return DIALECTS[declared.replace(/#$/, "")];
}

let instances: Partial<Record<Dialect, AjvInstance>> = {};
const compiled = new Map<string, Compiled>();
/** The same definition object is judged on every call of its tool: skip re-serializing it. */
let byObject = new WeakMap<object, Compiled>();

function ajvFor(dialect: Dialect): AjvInstance {
  let ajv = instances[dialect];
  if (!ajv) {
    const options = { strict: false, allErrors: false, validateFormats: false, addUsedSchema: false } as const;
    if (dialect === "2020-12") {
      ajv = new (require("ajv/dist/2020.js") as typeof Ajv2020).default(options);
    } else if (dialect === "2019-09") {
      ajv = new (require("ajv/dist/2019.js") as typeof Ajv2019).default(options) as unknown as AjvInstance;
    } else {
      ajv = new (require("ajv") as typeof AjvDraft07).default(options) as unknown as AjvInstance;
      if (dialect === "draft-06") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
    }
    instances[dialect] = ajv;
  }
  return ajv;
}

/** Why `schema` is not a valid JSON Schema of its dialect (first meta-schema error), or undefined when valid. */
export function schemaProblem(schema: Record<string, unknown>): string | undefined {
  const dialect = dialectOf(schema);
  if (!dialect) return `its $schema ${JSON.stringify(schema.$schema)} names no dialect this validator knows`;
  if (isSimpleSchema(schema)) return undefined;
  try {
    const ajv = ajvFor(dialect);
    if (ajv.validateSchema(schema) === true) return undefined;
    return `${errorTexts(ajv.errors ?? [])[0] ?? "it is invalid"} (JSON Schema ${dialect})`;
  } catch (error) {
    return `it cannot be read as JSON Schema ${dialect}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The document an unresolved `$ref` points into, when that is another document than the schema itself (Ajv's MissingRefError). */
function externalReference(error: unknown, ownId: unknown): string | undefined {
  if (!(error instanceof Error) || !("missingSchema" in error)) return undefined;
  const missing = (error as { missingSchema?: unknown }).missingSchema;
  if (typeof missing !== "string" || missing === "") return undefined;
  return typeof ownId === "string" && ownId.replace(/#.*$/, "") === missing ? undefined : missing;
}

/** Compiles a schema for validating values; never throws. */
export function compileSchema(schema: Record<string, unknown>): Compiled {
  const known = byObject.get(schema);
  if (known) return known;
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return { ok: false, reason: "it cannot be serialized", limit: true };
  }
  const cached = compiled.get(text);
  if (cached) {
    byObject.set(schema, cached);
    return cached;
  }
  const result = compileFresh(schema, text);
  if (compiled.size >= MAX_COMPILED) {
    compiled.clear();
    byObject = new WeakMap();
    instances = {};
  }
  compiled.set(text, result);
  byObject.set(schema, result);
  return result;
}

function compileFresh(schema: Record<string, unknown>, text: string): Compiled {
  if (text.length > MAX_SCHEMA_TEXT)
    return { ok: false, reason: `it is larger than ${MAX_SCHEMA_TEXT} bytes`, limit: true };
  const dialect = dialectOf(schema);
  if (!dialect) {
    return { ok: false, reason: `its $schema ${JSON.stringify(schema.$schema)} is not supported`, limit: true };
  }
  const risky = riskyPattern(schema, 0);
  if (risky !== undefined)
    return { ok: false, reason: `its pattern ${JSON.stringify(risky)} may backtrack catastrophically`, limit: true };
  if (isSimpleSchema(schema)) {
    const own = structuredClone(schema);
    let full: Compiled | undefined;
    return {
      ok: true,
      validate(value: unknown): string[] {
        if (simpleSchemaAccepts(own, value)) return [];
        full ??= compileWithAjv(own, dialect);
        return full.ok ? full.validate(value) : [`validation failed: ${full.reason}`];
      },
    };
  }
  return compileWithAjv(schema, dialect);
}

function compileWithAjv(schema: Record<string, unknown>, dialect: Dialect): Compiled {
  let fn: ValidateFunction;
  try {
    const ajv = ajvFor(dialect);
    // A hostile `$id` must not collide with an earlier schema's: compile a copy without registering it.
    fn = ajv.compile(structuredClone(schema));
  } catch (error) {
    const external = externalReference(error, schema.$id);
    if (external !== undefined) {
      // A schema may name one published elsewhere; this validator fetches nothing, so it cannot say it is wrong.
      return { ok: false, reason: `its $ref names ${JSON.stringify(external)}, outside the document`, limit: true };
    }
    return {
      ok: false,
      reason: `it does not compile: ${error instanceof Error ? error.message : String(error)}`,
      limit: false,
    };
  }
  return {
    ok: true,
    validate(value: unknown): string[] {
      try {
        if (fn(value)) return [];
        const errors = fn.errors ?? [];
        return judgedAPlaceholder(value, errors) ? [] : errorTexts(errors);
      } catch (error) {
        return [`validation failed: ${error instanceof Error ? error.message : String(error)}`];
      }
    },
  };
}

const MAX_PATTERN = 1000;
const MAX_SCHEMA_DEPTH = 64;

/** The first `pattern` / `patternProperties` regex in a schema that looks catastrophic, if any. */
function riskyPattern(node: unknown, depth: number): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  if (depth > MAX_SCHEMA_DEPTH) return `(a schema nested deeper than ${MAX_SCHEMA_DEPTH})`;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = riskyPattern(item, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === "pattern" && typeof value === "string" && isRisky(value)) return value;
    if (key === "patternProperties" && typeof value === "object" && value !== null) {
      for (const pattern of Object.keys(value)) if (isRisky(pattern)) return pattern;
    }
    const found = riskyPattern(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Whether a regex may backtrack catastrophically: too long, a backreference, or a quantified group that itself
 * holds a quantifier (`(a+)+`, `(\w*)*`, `(x|y+){2,}`). One linear scan.
 */
export function isRisky(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN) return true;
  const quantifiedInside: boolean[] = [];
  let lastGroupHadQuantifier = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      if (/[1-9k]/.test(pattern[i + 1] ?? "")) return true;
      i++;
      lastGroupHadQuantifier = false;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    const quantifier = c === "+" || c === "*" || (c === "{" && /^\{\d*,?\d*\}/.test(pattern.slice(i, i + 12)));
    if (quantifier) {
      if (
        lastGroupHadQuantifier &&
        (c !== "{" || /^\{\d*,/.test(pattern.slice(i, i + 12)) || /^\{\d{2,}/.test(pattern.slice(i, i + 12)))
      ) {
        return true;
      }
      if (quantifiedInside.length > 0) quantifiedInside[quantifiedInside.length - 1] = true;
      lastGroupHadQuantifier = false;
      continue;
    }
    lastGroupHadQuantifier = false;
    if (c === "[") inClass = true;
    else if (c === "(") quantifiedInside.push(false);
    else if (c === ")") {
      const inner = quantifiedInside.pop() ?? false;
      if (inner && quantifiedInside.length > 0) quantifiedInside[quantifiedInside.length - 1] = true;
      lastGroupHadQuantifier = inner;
    }
  }
  return false;
}

function errorTexts(errors: readonly ErrorObject[]): string[] {
  const texts: string[] = [];
  for (const error of errors) {
    texts.push(`${error.instancePath === "" ? "(root)" : error.instancePath}: ${error.message ?? "is invalid"}`);
    if (texts.length === MAX_ERRORS) break;
  }
  return texts;
}
