/**
 * Validation against a revision's official MCP JSON Schema (vendored in `schemas/<revision>.json`). Each `$defs`
 * type is compiled once, on first use, and shared by every judge in the process. Errors come back as short texts
 * (`/params/name: must be string`) fit for a finding.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import schema20251125 from "../../schemas/2025-11-25.json" with { type: "json" };

export interface SchemaValidator {
  readonly revision: string;
  /** Whether the schema defines this `$defs` type. */
  has(definition: string): boolean;
  /** Error texts for `value` against `#/$defs/<definition>`; empty when valid. Throws for an unknown definition. */
  validate(definition: string, value: unknown): string[];
}

/** At most this many error texts per validation: one bad message must not flood a report. */
export const MAX_SCHEMA_ERRORS = 5;

const SCHEMAS: Record<string, { $defs: Record<string, unknown> }> = {
  "2025-11-25": schema20251125 as { $defs: Record<string, unknown> },
};

const cache = new Map<string, SchemaValidator>();

/** The validator of a revision's official schema, or undefined when the revision has none vendored. */
export function schemaFor(revision: string): SchemaValidator | undefined {
  const cached = cache.get(revision);
  if (cached) return cached;
  const schema = SCHEMAS[revision];
  if (!schema) return undefined;
  const validator = new RuntimeSchemaValidator(revision, schema);
  cache.set(revision, validator);
  return validator;
}

/** Revisions with a vendored schema. */
export function schemaRevisions(): string[] {
  return Object.keys(SCHEMAS);
}

class RuntimeSchemaValidator implements SchemaValidator {
  private ajv: InstanceType<typeof Ajv2020.default> | undefined;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    readonly revision: string,
    private readonly schema: { $defs: Record<string, unknown> },
  ) {}

  has(definition: string): boolean {
    return Object.hasOwn(this.schema.$defs, definition);
  }

  validate(definition: string, value: unknown): string[] {
    const fn = this.compiled.get(definition) ?? this.compile(definition);
    if (fn(value)) return [];
    return errorTexts(fn.errors ?? []);
  }

  private compile(definition: string): ValidateFunction {
    if (!this.has(definition))
      throw new Error(`schema ${this.revision} has no $defs type ${JSON.stringify(definition)}`);
    if (!this.ajv) {
      this.ajv = new Ajv2020.default({ strict: false, allErrors: false });
      addFormats.default(this.ajv);
      this.ajv.addSchema(this.schema, "mcp");
    }
    const fn = this.ajv.getSchema(`mcp#/$defs/${definition}`);
    if (!fn) throw new Error(`schema ${this.revision}: cannot compile ${definition}`);
    this.compiled.set(definition, fn);
    return fn;
  }
}

/** `instancePath: message`, de-duplicated, at most MAX_SCHEMA_ERRORS. */
export function errorTexts(errors: readonly Pick<ErrorObject, "instancePath" | "message">[]): string[] {
  const texts = new Set<string>();
  for (const error of errors) {
    texts.add(`${error.instancePath === "" ? "(root)" : error.instancePath}: ${error.message ?? "is invalid"}`);
    if (texts.size === MAX_SCHEMA_ERRORS) break;
  }
  return [...texts];
}
