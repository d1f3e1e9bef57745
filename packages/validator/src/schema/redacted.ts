/**
 * Redaction and schema validation: a value the user's redaction replaced is a placeholder string, and a schema
 * error on it judges our placeholder, not what the peer sent. A validation with such an error is not judged at all
 * (no false fail from our own redaction); the reports say which events were redacted.
 */
import { isRedactionPlaceholder } from "@mcp-conf/trace-format";

/** True when some error sits on a redaction placeholder inside `value` (errors give JSON Pointers into it). */
export function judgedAPlaceholder(value: unknown, errors: readonly { instancePath: string }[]): boolean {
  return errors.some((error) => isRedactionPlaceholder(valueAt(value, error.instancePath)));
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node = root;
  for (const raw of pointer.slice(1).split("/")) {
    if (node === null || typeof node !== "object") return undefined;
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
