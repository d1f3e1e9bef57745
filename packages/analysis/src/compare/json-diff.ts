/**
 * A structural comparison of two JSON values, as the list of fields that differ: object members are matched by
 * name (their order never matters), arrays element by element unless the caller says an array is a set (a JSON
 * Schema's `required`), and anything else by JSON equality. Each change is named by its JSON Pointer (RFC 6901)
 * below the values compared, so "the schema changed" becomes "/inputSchema/properties/message/maxLength was added".
 */
import { canonicalJson, isPlainObject, jsonEqual } from "@mcp-conf/trace-format";

export type ChangeKind = "added" | "removed" | "changed";

/** One field that differs: added (only after), removed (only before) or changed (both, unequal). */
export interface FieldChange {
  /** JSON Pointer of the field below the values compared; "" for the values themselves. */
  path: string;
  change: ChangeKind;
  before?: unknown;
  after?: unknown;
}

export interface JsonDiffOptions {
  /** Whether the array at `path` (its segments, unescaped) is a set: elements matched by value, order ignored. */
  isSet?: (path: readonly string[]) => boolean;
}

/** The fields that differ between `before` and `after`, in a stable order (object members by name). */
export function diffJson(before: unknown, after: unknown, options: JsonDiffOptions = {}): FieldChange[] {
  const changes: FieldChange[] = [];
  walk(before, after, [], options, changes);
  return changes;
}

/** A JSON Pointer from unescaped segments. */
export function jsonPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

function walk(before: unknown, after: unknown, path: string[], options: JsonDiffOptions, out: FieldChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const name of names) {
      const inBefore = Object.hasOwn(before, name) && before[name] !== undefined;
      const inAfter = Object.hasOwn(after, name) && after[name] !== undefined;
      const at = [...path, name];
      if (inBefore && inAfter) walk(before[name], after[name], at, options, out);
      else if (inAfter) out.push({ path: jsonPointer(at), change: "added", after: after[name] });
      else if (inBefore) out.push({ path: jsonPointer(at), change: "removed", before: before[name] });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (options.isSet?.(path)) diffSet(before, after, path, out);
    else diffList(before, after, path, options, out);
    return;
  }
  if (!jsonEqual(before, after)) out.push({ path: jsonPointer(path), change: "changed", before, after });
}

function diffList(before: unknown[], after: unknown[], path: string[], options: JsonDiffOptions, out: FieldChange[]) {
  const shared = Math.min(before.length, after.length);
  for (let i = 0; i < shared; i++) walk(before[i], after[i], [...path, String(i)], options, out);
  for (let i = shared; i < after.length; i++) {
    out.push({ path: jsonPointer([...path, String(i)]), change: "added", after: after[i] });
  }
  for (let i = shared; i < before.length; i++) {
    out.push({ path: jsonPointer([...path, String(i)]), change: "removed", before: before[i] });
  }
}

/** A set's members that one side has and the other lacks, each under the array's own path. */
function diffSet(before: unknown[], after: unknown[], path: string[], out: FieldChange[]): void {
  const key = (value: unknown) => canonicalJson(value);
  const left = new Map(before.map((value) => [key(value), value]));
  const right = new Map(after.map((value) => [key(value), value]));
  const pointer = jsonPointer(path);
  for (const [k, value] of right) if (!left.has(k)) out.push({ path: pointer, change: "added", after: value });
  for (const [k, value] of left) if (!right.has(k)) out.push({ path: pointer, change: "removed", before: value });
}
