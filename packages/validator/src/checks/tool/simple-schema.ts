/**
 * A fast path for the JSON Schemas most servers send (an object of typed properties, some required): a schema built
 * only from the keywords below is valid in every dialect json-schema.ts knows, and values can be checked against it
 * without loading Ajv (~100 ms of a short process's start-up). It only ever answers "valid": a value it does not
 * accept, or a schema with any other keyword or shape, goes to Ajv, so findings and their texts stay Ajv's.
 */
import { isPlainObject } from "@mcp-conf/trace-format";

const TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === "string",
  // As Ajv tests them (strictNumbers off).
  number: (value) => typeof value === "number",
  integer: (value) => typeof value === "number" && !(value % 1) && !Number.isNaN(value),
  boolean: (value) => typeof value === "boolean",
  null: (value) => value === null,
  object: (value) => isPlainObject(value),
  array: (value) => Array.isArray(value),
};

/** Keywords that never affect validity here (formats are annotations, as in json-schema.ts), and their shape. */
const ANNOTATIONS: Readonly<Record<string, (value: unknown) => boolean>> = {
  description: (value) => typeof value === "string",
  title: (value) => typeof value === "string",
  $comment: (value) => typeof value === "string",
  format: (value) => typeof value === "string",
  default: () => true,
  examples: (value) => Array.isArray(value),
  deprecated: (value) => typeof value === "boolean",
  readOnly: (value) => typeof value === "boolean",
  writeOnly: (value) => typeof value === "boolean",
};

const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;
const MAX_DEPTH = 16;

type Primitive = string | number | boolean | null;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || typeof value === "string" || typeof value === "boolean" || Number.isFinite(value);
}

/** Property names a plain object inherits (`toString`, `__proto__`…): Ajv would see them on every value. */
function inherited(name: string): boolean {
  return name in Object.prototype;
}

/** Whether `schema` uses only the keywords and shapes this fast path understands (`$schema` at the top only). */
export function isSimpleSchema(schema: unknown, depth = 0): schema is Record<string, unknown> {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return false;
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" && depth === 0 && typeof value === "string") continue;
    if (Object.hasOwn(ANNOTATIONS, key)) {
      if (!ANNOTATIONS[key]!(value)) return false;
      continue;
    }
    if (!simpleKeyword(key, value, depth)) return false;
  }
  return true;
}

function simpleKeyword(key: string, value: unknown, depth: number): boolean {
  switch (key) {
    case "type":
      return typeof value === "string" && Object.hasOwn(TYPES, value);
    case "properties":
      return (
        isPlainObject(value) &&
        Object.entries(value).every(([name, sub]) => !inherited(name) && isSimpleSchema(sub, depth + 1))
      );
    case "required":
      return (
        Array.isArray(value) &&
        value.every((name) => typeof name === "string" && !inherited(name)) &&
        new Set(value).size === value.length
      );
    case "additionalProperties":
      return typeof value === "boolean";
    case "items":
      return isSimpleSchema(value, depth + 1);
    case "enum":
      return (
        Array.isArray(value) && value.length > 0 && value.every(isPrimitive) && new Set(value).size === value.length
      );
    case "const":
      return isPrimitive(value);
    default:
      return (BOUNDS as readonly string[]).includes(key) && Number.isFinite(value);
  }
}

/** Whether `value` is valid against a schema `isSimpleSchema` accepted. False means "ask Ajv", not "invalid". */
export function simpleSchemaAccepts(schema: Record<string, unknown>, value: unknown): boolean {
  const type = schema.type;
  if (typeof type === "string" && !TYPES[type]!(value)) return false;
  if (schema.enum !== undefined && !(schema.enum as Primitive[]).includes(value as Primitive)) return false;
  if (schema.const !== undefined && schema.const !== value) return false;
  if (typeof value === "number" && !withinBounds(schema, value)) return false;
  if (isPlainObject(value)) {
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    for (const name of (schema.required as string[] | undefined) ?? []) if (value[name] === undefined) return false;
    if (properties !== undefined) {
      for (const name in properties) {
        if (!Object.hasOwn(properties, name)) continue;
        if (value[name] !== undefined && !simpleSchemaAccepts(properties[name]!, value[name])) return false;
      }
    }
    if (schema.additionalProperties === false) {
      for (const name in value) if (properties === undefined || !Object.hasOwn(properties, name)) return false;
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items as Record<string, unknown>;
    for (const item of value) if (!simpleSchemaAccepts(items, item)) return false;
  }
  return true;
}

function withinBounds(schema: Record<string, unknown>, value: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, number | undefined>;
  if (minimum !== undefined && !(value >= minimum)) return false;
  if (maximum !== undefined && !(value <= maximum)) return false;
  if (exclusiveMinimum !== undefined && !(value > exclusiveMinimum)) return false;
  if (exclusiveMaximum !== undefined && !(value < exclusiveMaximum)) return false;
  return true;
}
