/**
 * Two listings of the server's definitions compared by name: which were added, which removed, and for each one in
 * both, every field that changed (`diffJson`). Schemas are compared as JSON, not as text, and a schema's `required`,
 * `type` and `enum` arrays as sets. A tool's annotation hints are read with the defaults the specification gives
 * them, so a server that starts spelling out a hint it already relied on shows no change.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { Definition, Definitions } from "../model.js";
import { diffJson, type FieldChange } from "./json-diff.js";

/** A definition present in both listings whose fields differ. */
export interface DefinitionChange {
  /** The tool or prompt name, or the resource URI (template). */
  name: string;
  /** Seq of the later listing's answer that carried it. */
  seq: number;
  fields: FieldChange[];
}

export interface DefinitionsDiff {
  added: Definition[];
  removed: Definition[];
  changed: DefinitionChange[];
}

export type DefinitionKind = keyof Definitions;
export const DEFINITION_KINDS: readonly DefinitionKind[] = ["tools", "prompts", "resources", "resourceTemplates"];

/** ToolAnnotations' hints and the value each has when a tool leaves it out (schema.ts, 2025-03-26 onwards). */
export const ANNOTATION_DEFAULTS: Readonly<Record<string, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

const SCHEMA_MEMBERS = new Set(["inputSchema", "outputSchema"]);
const SET_ARRAYS = new Set(["required", "type", "enum"]);

/** Arrays inside a schema whose order carries no meaning. */
function isSchemaSet(path: readonly string[]): boolean {
  return path.length > 1 && SCHEMA_MEMBERS.has(path[0]!) && SET_ARRAYS.has(path[path.length - 1]!);
}

/** A tool as compared: its annotation hints filled in with their defaults. */
function comparable(kind: DefinitionKind, definition: Record<string, unknown>): Record<string, unknown> {
  if (kind !== "tools") return definition;
  const annotations = isPlainObject(definition.annotations) ? definition.annotations : {};
  return { ...definition, annotations: { ...ANNOTATION_DEFAULTS, ...annotations } };
}

/** What changed from the `before` listing to the `after` one, each list sorted by name. */
export function compareDefinitions(
  kind: DefinitionKind,
  before: readonly Definition[],
  after: readonly Definition[],
): DefinitionsDiff {
  const byName = (list: readonly Definition[]) => new Map(list.map((item) => [item.name, item]));
  const left = byName(before);
  const right = byName(after);
  const order = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const diff: DefinitionsDiff = {
    added: [...right.values()].filter((item) => !left.has(item.name)).sort(order),
    removed: [...left.values()].filter((item) => !right.has(item.name)).sort(order),
    changed: [],
  };
  for (const item of [...right.values()].sort(order)) {
    const old = left.get(item.name);
    if (!old) continue;
    const fields = diffJson(comparable(kind, old.definition), comparable(kind, item.definition), {
      isSet: isSchemaSet,
    });
    if (fields.length > 0) diff.changed.push({ name: item.name, seq: item.seq, fields });
  }
  return diff;
}

/** Whether a listing comparison found anything. */
export function definitionsDiffer(diff: DefinitionsDiff): boolean {
  return diff.added.length + diff.removed.length + diff.changed.length > 0;
}
