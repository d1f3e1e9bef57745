/**
 * Validation against a revision's official MCP JSON Schema (vendored in `schemas/<revision>.json`). The schema is
 * compiled ahead of time by `scripts/generate-schemas.mjs` into one ajv standalone validate function per `$defs`
 * type, one file per revision loaded when that revision is first asked for, so a process pays no ajv start-up and
 * compiles only the schemas it judges against. Errors come back as short texts
 * (`/params/name: must be string`) fit for a finding.
 */
import { type CompiledSchema, loadCompiledSchema, SCHEMA_REVISIONS } from "../generated/schemas.js";
import { judgedAPlaceholder } from "./redacted.js";

export interface SchemaValidator {
  readonly revision: string;
  /** Whether the schema defines this `$defs` type. */
  has(definition: string): boolean;
  /** Error texts for `value` against `#/$defs/<definition>`; empty when valid. Throws for an unknown definition. */
  validate(definition: string, value: unknown): string[];
}

/** At most this many error texts per validation: one bad message must not flood a report. */
export const MAX_SCHEMA_ERRORS = 5;

const cache = new Map<string, SchemaValidator>();

/** The validator of a revision's official schema, or undefined when the revision has none vendored. */
export function schemaFor(revision: string): SchemaValidator | undefined {
  const cached = cache.get(revision);
  if (cached) return cached;
  const compiled = loadCompiledSchema(revision);
  if (!compiled) return undefined;
  const validator = new CompiledSchemaValidator(revision, compiled);
  cache.set(revision, validator);
  return validator;
}

/** Revisions with a vendored schema. */
export function schemaRevisions(): string[] {
  return [...SCHEMA_REVISIONS];
}

class CompiledSchemaValidator implements SchemaValidator {
  constructor(
    readonly revision: string,
    private readonly compiled: CompiledSchema,
  ) {}

  has(definition: string): boolean {
    return Object.hasOwn(this.compiled, definition);
  }

  validate(definition: string, value: unknown): string[] {
    const fn = this.has(definition) ? this.compiled[definition] : undefined;
    if (!fn) throw new Error(`schema ${this.revision} has no $defs type ${JSON.stringify(definition)}`);
    try {
      if (fn(value)) return [];
    } catch (error) {
      // Validation recurses with the value: nesting deep enough to exhaust the stack is itself the defect.
      if (error instanceof RangeError) return ["(root): nested too deeply to validate"];
      throw error;
    }
    const errors = fn.errors ?? [];
    return judgedAPlaceholder(value, errors) ? [] : errorTexts(errors);
  }
}

/** `instancePath: message`, de-duplicated, at most MAX_SCHEMA_ERRORS; the root is written `(root)`. */
export function errorTexts(errors: readonly { instancePath: string; message?: string }[]): string[] {
  const texts = new Set<string>();
  for (const error of errors) {
    texts.add(`${error.instancePath === "" ? "(root)" : error.instancePath}: ${error.message ?? "is invalid"}`);
    if (texts.size === MAX_SCHEMA_ERRORS) break;
  }
  return [...texts];
}
