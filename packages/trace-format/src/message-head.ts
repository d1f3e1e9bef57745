/**
 * The head of a JSON-RPC message cut short (at the recorder's --max-message-bytes): its `id` and `method` are
 * near the start of nearly every message, so they are read from what is there, member by member, until the text
 * ends. A value that the cut reaches is not read. Anything that is not the start of a JSON object gives nothing.
 */

/** What the start of a message says about it: an id (request or response) and a method (request or notification). */
export interface MessageHead {
  id?: string | number;
  method?: string;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Reads `id` and `method` from the start of a (possibly cut) JSON object. */
export function readMessageHead(text: string): MessageHead {
  const head: MessageHead = {};
  try {
    readMembers(text, head);
  } catch {
    // A malformed escape or number: keep what was read before it.
  }
  return head;
}

function readMembers(text: string, head: MessageHead): void {
  let at = skipSpace(text, 0);
  if (text[at] !== "{") return;
  at++;
  for (;;) {
    at = skipSpace(text, at);
    if (text[at] !== '"') return;
    const keyEnd = stringEnd(text, at);
    if (keyEnd === -1) return;
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, keyEnd);
    if (text[at] !== ":") return;
    at = skipSpace(text, at + 1);
    const valueEnd = valueEndAt(text, at);
    if (valueEnd === -1) return;
    // A value is whole only when something follows it: a number at the very end may have lost digits to the cut.
    const after = skipSpace(text, valueEnd);
    if (after >= text.length) return;
    const value = text.slice(at, valueEnd);
    if (key === "id" && (value.startsWith('"') || NUMBER.test(value))) head.id = JSON.parse(value) as string | number;
    if (key === "method" && value.startsWith('"')) head.method = JSON.parse(value) as string;
    if (text[after] !== ",") return;
    at = after + 1;
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && WHITESPACE.has(text[at]!)) at++;
  return at;
}

/** The index just after the string starting at `at`, or -1 when the text ends inside it. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') return i + 1;
  }
  return -1;
}

/** The index just after the JSON value starting at `at`, or -1 when the text ends inside it (or it is no value). */
function valueEndAt(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c === "{" || c === "[") {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const d = text[i];
      if (d === '"') {
        i = stringEnd(text, i) - 1;
        if (i < 0) return -1;
      } else if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  const scalar = /^(?:true|false|null|-?[0-9][0-9.eE+-]*)/.exec(text.slice(at, at + 64));
  return scalar ? at + scalar[0].length : -1;
}
