/**
 * Which `$defs` type of a revision's official JSON Schema a message is validated against: the method tables
 * `scripts/generate.mjs` reads off each vendored schema (see `scripts/generate-methods.mjs`), as maps and sets.
 */
import { METHOD_TABLES } from "../../generated/methods.js";

export interface MethodTypes {
  /** method → the request or notification type, e.g. `tools/call` → `CallToolRequest`. */
  readonly message: ReadonlyMap<string, string>;
  /** request method → its result type, e.g. `tools/call` → `CallToolResult`. */
  readonly result: ReadonlyMap<string, string>;
  /** Methods the schema defines as notifications. */
  readonly notifications: ReadonlySet<string>;
  /** Request methods that may be answered by an `InputRequiredResult`. */
  readonly inputRequired: ReadonlySet<string>;
}

const cache = new Map<string, MethodTypes>();

/** The method tables of a revision, or undefined when no schema is vendored for it. */
export function methodTypes(revision: string): MethodTypes | undefined {
  const cached = cache.get(revision);
  if (cached) return cached;
  const tables = Object.hasOwn(METHOD_TABLES, revision) ? METHOD_TABLES[revision] : undefined;
  if (!tables) return undefined;
  const types: MethodTypes = {
    message: new Map(Object.entries(tables.message)),
    result: new Map(Object.entries(tables.result)),
    notifications: new Set(tables.notifications),
    inputRequired: new Set(tables.inputRequired),
  };
  cache.set(revision, types);
  return types;
}
