/**
 * Which `$defs` (or draft-07 `definitions`) type of a revision's official JSON Schema a message is validated against, read off the schema
 * itself: every *Request / *Notification type names its method in a `method` const; a request's result type is the
 * same name ending in `Result`, else `EmptyResult` (ping, logging/setLevel, resources/subscribe, …).
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import schema20241105 from "../../../schemas/2024-11-05.json" with { type: "json" };
import schema20250326 from "../../../schemas/2025-03-26.json" with { type: "json" };
import schema20250618 from "../../../schemas/2025-06-18.json" with { type: "json" };
import schema20251125 from "../../../schemas/2025-11-25.json" with { type: "json" };

export interface MethodTypes {
  /** method → the request or notification type, e.g. `tools/call` → `CallToolRequest`. */
  readonly message: ReadonlyMap<string, string>;
  /** request method → its result type, e.g. `tools/call` → `CallToolResult`. */
  readonly result: ReadonlyMap<string, string>;
  /** Methods the schema defines as notifications. */
  readonly notifications: ReadonlySet<string>;
}

const SCHEMAS: Record<string, unknown> = {
  "2024-11-05": schema20241105,
  "2025-03-26": schema20250326,
  "2025-06-18": schema20250618,
  "2025-11-25": schema20251125,
};
const cache = new Map<string, MethodTypes>();

/** The method tables of a revision, or undefined when no schema is vendored for it. */
export function methodTypes(revision: string): MethodTypes | undefined {
  const cached = cache.get(revision);
  if (cached) return cached;
  const schema = SCHEMAS[revision];
  // JSON Schema 2020-12 keeps the types in `$defs`, draft-07 (the revisions before 2025-11-25) in `definitions`.
  const defs = isPlainObject(schema) ? (schema.$defs ?? schema.definitions) : undefined;
  if (!isPlainObject(defs)) return undefined;
  const message = new Map<string, string>();
  const result = new Map<string, string>();
  const notifications = new Set<string>();
  for (const [name, def] of Object.entries(defs)) {
    if (!isPlainObject(def) || !isPlainObject(def.properties) || !isPlainObject(def.properties.method)) continue;
    const method = def.properties.method.const;
    if (typeof method !== "string") continue;
    message.set(method, name);
    if (name.endsWith("Notification")) notifications.add(method);
    if (name.endsWith("Request")) {
      const resultName = `${name.slice(0, -"Request".length)}Result`;
      result.set(method, Object.hasOwn(defs, resultName) ? resultName : "EmptyResult");
    }
  }
  const tables: MethodTypes = { message, result, notifications };
  cache.set(revision, tables);
  return tables;
}
