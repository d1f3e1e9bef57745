/**
 * `_meta` key names (BASE-023/024/026/027): an optional prefix — dot-separated labels, each starting with a letter
 * and ending with a letter or digit, hyphens inside, then a slash — and a name that begins and ends with an
 * alphanumeric and holds only alphanumerics, hyphens, underscores and dots in between. Every `_meta` object
 * anywhere in a message is read (bounded in depth and size); the four checks share one walk per message.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { sender } from "../support/readers.js";

const MAX_DEPTH = 32;
const MAX_NODES = 4096;
const MAX_KEYS = 256;

/** One `_meta` key found in a message, with where it was found (a JSON pointer to the `_meta` object). */
export interface MetaKey {
  key: string;
  at: string;
}

/** What a message without `_meta` has: most of them. Shared, so never added to. */
const NO_KEYS: MetaKey[] = [];

/** The last message walked and its keys: the four checks read the same message one after another. */
let lastRoot: object | undefined;
let lastFound: readonly MetaKey[] = NO_KEYS;

/** The walk in progress (one at a time: checks run synchronously), reused from walk to walk. */
const found: MetaKey[] = [];
const path: (string | number)[] = [];
let nodes = 0;

const escapeSegment = (segment: string) =>
  segment.includes("~") || segment.includes("/") ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment;

function pointer(): string {
  let at = "";
  for (const segment of path) at += `/${typeof segment === "number" ? segment : escapeSegment(segment)}`;
  return at;
}

/**
 * The `_meta` objects' pointers and keys seen so far, interned in a trie of path segments: sessions put the same
 * keys at the same few places on every message, so a walk then finds them without building a string or an entry.
 * Bounded; past the bound, entries are built afresh.
 */
interface Interned {
  at: string;
  children: Map<string | number, Interned>;
  keys: Map<string, MetaKey>;
}
const MAX_INTERNED = 4096;
const trie: Interned = { at: "", children: new Map(), keys: new Map() };
let interned = 0;

/** The lists of keys walks found, interned by their entries in order (within the same bound). */
interface InternedList {
  list: readonly MetaKey[];
  next: Map<MetaKey, InternedList>;
}
const lists: InternedList = { list: NO_KEYS, next: new Map() };

function internedList(keys: readonly MetaKey[]): readonly MetaKey[] {
  let node = lists;
  for (const key of keys) {
    let next = node.next.get(key);
    if (next === undefined) {
      if (interned >= MAX_INTERNED) return keys.slice();
      interned++;
      next = { list: [...node.list, key], next: new Map() };
      node.next.set(key, next);
    }
    node = next;
  }
  return node.list;
}

/** The interned node of the current path, or undefined past the bound. */
function internedPath(): Interned | undefined {
  let node = trie;
  for (const segment of path) {
    let child = node.children.get(segment);
    if (child === undefined) {
      if (interned >= MAX_INTERNED) return undefined;
      interned++;
      const at = `${node.at}/${typeof segment === "number" ? segment : escapeSegment(segment)}`;
      child = { at, children: new Map(), keys: new Map() };
      node.children.set(segment, child);
    }
    node = child;
  }
  return node;
}

function metaKeyAt(node: Interned | undefined, key: string, at: string): MetaKey {
  if (node === undefined) return { key, at };
  let entry = node.keys.get(key);
  if (entry === undefined) {
    entry = { key, at };
    if (interned < MAX_INTERNED) {
      interned++;
      node.keys.set(key, entry);
    }
  }
  return entry;
}

function walk(value: object, depth: number): void {
  if (depth > MAX_DEPTH || ++nodes > MAX_NODES || found.length >= MAX_KEYS) return;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item !== "object" || item === null) continue;
      path.push(index);
      walk(item, depth + 1);
      path.pop();
    }
    return;
  }
  // for…in with hasOwn visits the keys Object.keys lists, in its order, without allocating the list.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (typeof child !== "object" || child === null) continue;
    path.push(key);
    if (key === "_meta" && !Array.isArray(child)) {
      const node = internedPath();
      const at = node?.at ?? pointer();
      for (const metaKey in child) {
        if (!Object.hasOwn(child, metaKey)) continue;
        if (found.length >= MAX_KEYS) break;
        found.push(metaKeyAt(node, metaKey, at));
      }
    }
    walk(child, depth + 1);
    path.pop();
  }
}

/** Every key of every `_meta` object within a JSON value (bounded). */
export function metaKeys(root: unknown): readonly MetaKey[] {
  if (typeof root !== "object" || root === null) return NO_KEYS;
  if (root === lastRoot) return lastFound;
  found.length = 0;
  path.length = 0;
  nodes = 0;
  walk(root, 0);
  lastRoot = root;
  lastFound = internedList(found);
  return lastFound;
}

/** A key split into its prefix (without the slash; undefined when there is none) and its name. */
export function splitMetaKey(key: string): { prefix?: string; name: string } {
  const slash = key.indexOf("/");
  return slash < 0 ? { name: key } : { prefix: key.slice(0, slash), name: key.slice(slash + 1) };
}

const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const ALNUM = /^[A-Za-z0-9]$/;
const NAME_INTERIOR = /^[A-Za-z0-9._-]*$/;

/** The defect a rule finds in a key, or undefined when the key keeps it (or the rule does not apply). */
type Rule = (key: string) => string | undefined;

const rules: Record<"prefixFormat" | "prefixLabels" | "nameEdges" | "nameChars", Rule> = {
  prefixFormat(key) {
    const { prefix } = splitMetaKey(key);
    if (prefix === undefined) return undefined;
    if (prefix.split(".").some((label) => label.length === 0)) {
      return `its prefix ${quote(`${prefix}/`)} is not a series of dot-separated labels followed by a slash`;
    }
    return undefined;
  },
  prefixLabels(key) {
    const { prefix } = splitMetaKey(key);
    if (prefix === undefined) return undefined;
    const bad = prefix.split(".").filter((label) => label.length > 0 && !LABEL.test(label));
    if (bad.length === 0) return undefined;
    return `prefix label ${quote(bad[0])} does not start with a letter, end with a letter or digit, and hold only letters, digits and hyphens`;
  },
  nameEdges(key) {
    const { name } = splitMetaKey(key);
    if (name.length === 0) return undefined;
    const first = name[0] ?? "";
    const last = name[name.length - 1] ?? "";
    if (ALNUM.test(first) && ALNUM.test(last)) return undefined;
    return `its name ${quote(name)} does not begin and end with an alphanumeric character`;
  },
  nameChars(key) {
    const { name } = splitMetaKey(key);
    if (name.length < 3) return undefined;
    const interior = name.slice(1, -1);
    if (NAME_INTERIOR.test(interior)) return undefined;
    const odd = [...new Set([...interior].filter((c) => !NAME_INTERIOR.test(c)))].join("");
    return `its name ${quote(name)} holds characters other than alphanumerics, hyphens, underscores and dots: ${quote(odd)}`;
  },
};

const MAX_REMEMBERED = 4096;

/**
 * The rule with its verdicts remembered per key: a session repeats the same few keys on every message (at
 * 2026-07-28 each request carries three), and the verdict depends on the key alone.
 */
function remembered(rule: Rule): Rule {
  /** The defect per key, "" for none (one look-up per key). */
  const verdicts = new Map<string, string>();
  return (key) => {
    const known = verdicts.get(key);
    if (known !== undefined) return known || undefined;
    const defect = rule(key);
    if (verdicts.size < MAX_REMEMBERED) verdicts.set(key, defect ?? "");
    return defect;
  };
}

function metaCheck(id: string, description: string, unremembered: Rule): CheckDefinition {
  const rule = remembered(unremembered);
  return {
    id,
    description,
    subscribe: { messages: ["*"] },
    create(ctx) {
      return {
        message(ref: MessageRef) {
          const keys = metaKeys(ref.message.raw);
          // An indexed loop: this runs for every message, and for…of allocated an iterator each time.
          for (let i = 0; i < keys.length; i++) {
            const { key, at } = keys[i]!;
            ctx.examined();
            const defect = rule(key);
            if (defect) ctx.report(ref.seq, `${sender(ref)} _meta key ${quote(key)} at ${quote(at)}: ${defect}`);
          }
        },
      };
    },
  };
}

export const metaPrefixFormat = metaCheck(
  "base.meta-prefix-format",
  "A `_meta` key prefix is dot-separated labels followed by a slash.",
  rules.prefixFormat,
);
export const metaPrefixLabels = metaCheck(
  "base.meta-prefix-labels",
  "Each label of a `_meta` key prefix starts with a letter, ends with a letter or digit, and holds letters, digits and hyphens.",
  rules.prefixLabels,
);
export const metaNameEdges = metaCheck(
  "base.meta-name-edges",
  "A non-empty `_meta` key name begins and ends with an alphanumeric character.",
  rules.nameEdges,
);
export const metaNameChars = metaCheck(
  "base.meta-name-chars",
  "A `_meta` key name holds only alphanumerics, hyphens, underscores and dots between its ends.",
  rules.nameChars,
);
