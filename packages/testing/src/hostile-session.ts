/**
 * A hostile payload no renderer may let through as markup or escapes, planted in the real recorded server-everything
 * stdio session (the repository's corpus) — for the export tests and the CLI's viewer tests alike.
 */
import { readFileSync } from "node:fs";
import { isPlainObject, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";

const EVERYTHING_STDIO = new URL("../../../corpus/2025-11-25/real/everything-stdio.jsonl", import.meta.url);

/** Markup, an event handler, terminal escapes (colour, title, cursor), a bidi override and a NUL. */
export const HOSTILE =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">\u001b[31mRED\u001b]0;title\u0007\u001b[2J\u202eevil\u0000';

/**
 * The real recorded server-everything stdio session with the hostile text planted where a server controls the
 * text: the session label, its stderr, a listed tool's name and description, and the unknown-tool call's name and
 * error result.
 */
export function hostileSession(): TraceEvent[] {
  return readTraceSync(readFileSync(EVERYTHING_STDIO)).map((event) => {
    const copy = structuredClone(event);
    if (copy.kind === "lifecycle" && copy.meta) copy.meta.label = HOSTILE;
    if (copy.kind === "stderr") copy.text = HOSTILE;
    if (copy.kind !== "message" || !isPlainObject(copy.payload)) return copy;
    const { params, result } = copy.payload;
    if (isPlainObject(result) && Array.isArray(result.tools)) {
      result.tools.unshift({ name: HOSTILE, description: HOSTILE, inputSchema: { type: "object" } });
    }
    if (isPlainObject(params) && params.name === "no-such-tool") params.name = HOSTILE;
    if (isPlainObject(result) && result.isError === true) result.content = [{ type: "text", text: HOSTILE }];
    return copy;
  });
}
