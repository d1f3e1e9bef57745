/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte sequence per JSON value, for hashing, golden files and
 * comparing payloads whatever their key order. Numbers use ECMAScript's Number::toString and strings JSON's
 * minimal escaping (which is JCS's), object keys are sorted by UTF-16 code units, and there is no whitespace.
 */

function fail(what: string): never {
  throw new TypeError(`canonicalJson: ${what} is not JSON`);
}

function serialize(value: unknown, out: string[], ancestors: Set<object>): void {
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "number":
      if (!Number.isFinite(value)) fail(String(value));
      out.push(JSON.stringify(value));
      return;
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "object":
      break;
    default:
      fail(`a ${typeof value}`);
  }
  if (value === null) {
    out.push("null");
    return;
  }
  if (ancestors.has(value)) fail("a cyclic structure");
  ancestors.add(value);
  if (Array.isArray(value)) {
    out.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(",");
      serialize(value[i], out, ancestors);
    }
    out.push("]");
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    out.push("{");
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) out.push(",");
      const key = keys[i]!;
      out.push(JSON.stringify(key), ":");
      serialize(record[key], out, ancestors);
    }
    out.push("}");
  }
  ancestors.delete(value);
}

/**
 * The RFC 8785 canonical form of a JSON value. Object members whose value is `undefined` are left out, as
 * `JSON.stringify` does; a non-finite number, a BigInt, a function or a cycle throws a TypeError. A lone surrogate
 * (outside JCS's domain, which is I-JSON) is written as a `\udxxx` escape, so the output is still deterministic.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  serialize(value, out, new Set());
  return out.join("");
}

/** JSON equality: the same type and value all the way down (1 and "1" differ), object key order irrelevant. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  if (leftKeys.length !== rightKeys.length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key) || !jsonEqual(left[key], right[key])) return false;
  }
  return true;
}
