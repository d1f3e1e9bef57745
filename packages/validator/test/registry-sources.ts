/**
 * Reading the spec sources the registry quotes, for the registry tests: the MCP spec pages (`.mdx`) and the doc
 * comments of `schema/schema.ts`, split into sections by heading slug (or, for the schema, by type name), with the
 * same normalisation applied to a page and to a quote before the substring test.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest ancestor holding pnpm-workspace.yaml. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("no pnpm-workspace.yaml above the test");
    dir = parent;
  }
  return dir;
}

/** `spec/<revision>`: the spec sources vendored in the repository (see spec/README.md). */
export function specDir(revision: string): string {
  return join(repoRoot(), "spec", revision);
}

/**
 * Strips markdown escapes (`\_`), emphasis, code ticks, links and comment stars; collapses whitespace. Applied to
 * both sides.
 */
export function normalise(text: string): string {
  return text
    .replace(/\{@link\s+([^}\s]+)(?:\s+([^}]*))?\}/g, (_, target: string, label?: string) => label ?? target)
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** GitHub-style heading slug: lower-case, markup and punctuation dropped, spaces to `-`. */
export function slug(heading: string): string {
  return normalise(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** A page's sections by anchor: each heading's text through its subsections, normalised. */
export type Sections = Map<string, string>;

/**
 * Sections of an `.mdx` page; duplicate slugs get `-1`, `-2` … as on GitHub. The front matter's `title` is the
 * page's heading (the site renders it as one) and spans the page, as does `""`. A slug with underscores is also
 * known without them (`_meta` → `meta`), as the site writes it.
 */
export function mdxSections(text: string): Sections {
  const lines = text.split("\n");
  const title = /^---\n(?:.*\n)*?title:\s*(.+)\n(?:.*\n)*?---/.exec(text)?.[1]?.replace(/^["']|["']$/g, "");
  const headings: { slug: string; level: number; line: number }[] = [];
  const counts = new Map<string, number>();
  let fenced = false;
  for (const [index, line] of lines.entries()) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slug(match[2]!);
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    headings.push({ slug: seen === 0 ? base : `${base}-${seen}`, level: match[1]!.length, line: index });
  }
  const sections: Sections = new Map([["", normalise(text)]]);
  const titleSlug = title === undefined ? undefined : slug(title);
  if (titleSlug) sections.set(titleSlug, normalise(text));
  for (const [i, heading] of headings.entries()) {
    const next = headings.slice(i + 1).find((h) => h.level <= heading.level);
    const section = normalise(lines.slice(heading.line, next?.line ?? lines.length).join("\n"));
    // A heading named as the page keeps the page's anchor spanning the page (text before it has no other anchor).
    if (heading.slug !== titleSlug) sections.set(heading.slug, section);
    const bare = heading.slug.replace(/_/g, "").replace(/^-+|-+$/g, "");
    if (bare !== heading.slug && !sections.has(bare)) sections.set(bare, section);
  }
  return sections;
}

/** Sections of `schema.ts` by lower-cased type name: each exported declaration with the doc comment before it. */
export function schemaSections(text: string): Sections {
  const lines = text.split("\n");
  const starts: { name: string; line: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const match = /^export\s+(?:interface|type|const|enum|class)\s+(\w+)/.exec(line);
    if (!match) continue;
    let start = index;
    if (start > 0 && lines[start - 1]!.trim() === "*/") {
      while (start > 0 && !lines[start - 1]!.trim().startsWith("/**")) start--;
      start--;
    }
    starts.push({ name: match[1]!.toLowerCase(), line: start });
  }
  const sections: Sections = new Map([["", normalise(text)]]);
  for (const [i, { name, line }] of starts.entries()) {
    sections.set(name, normalise(lines.slice(line, starts[i + 1]?.line ?? lines.length).join("\n")));
  }
  return sections;
}

const cache = new Map<string, Sections | undefined>();

/** The sections of a registry page (`server/tools`, `basic/index`, `schema`), or undefined if no such source. */
export function pageSections(revision: string, page: string): Sections | undefined {
  const key = `${revision}/${page}`;
  if (cache.has(key)) return cache.get(key);
  const dir = specDir(revision);
  let sections: Sections | undefined;
  if (page === "schema") {
    sections = schemaSections(readFileSync(join(dir, "schema", "schema.ts"), "utf8"));
  } else {
    const file = [join(dir, `${page}.mdx`), join(dir, page, "index.mdx")].find((f) => existsSync(f));
    sections = file ? mdxSections(readFileSync(file, "utf8")) : undefined;
  }
  cache.set(key, sections);
  return sections;
}

const KEYWORD = /\b(?:MUST|SHOULD|SHALL|REQUIRED|RECOMMENDED)\b/;
const QUOTED_KEYWORD = /"(?:MUST|SHOULD|SHALL|REQUIRED|RECOMMENDED|NOT)[^"]*"/g;

/** The `.mdx` pages of a revision by page name (`server/tools`), without the schema reference and the changelog. */
function pageFiles(revision: string): Map<string, string> {
  const dir = specDir(revision);
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".mdx")) files.set(relative(dir, path).slice(0, -4), path);
    }
  };
  walk(dir);
  files.delete("schema");
  files.delete("changelog");
  return files;
}

/**
 * Every sentence of a revision's pages that carries an upper-case BCP 14 keyword, normalised: paragraphs and list
 * items split into sentences, code fences dropped, list introductions (ending in `:`) left to their items.
 */
export function normativeSentences(revision: string): { page: string; sentence: string }[] {
  const out: { page: string; sentence: string }[] = [];
  for (const [page, file] of pageFiles(revision)) {
    const body = readFileSync(file, "utf8")
      .replace(/^---\n[\s\S]*?\n---\n/, "")
      .replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
    const seen = new Set<string>();
    for (const block of body.split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.|\|)\s)/)) {
      for (const sentence of normalise(block).split(/(?<=[.!?])\s+(?=[A-Z<])/)) {
        if (sentence.endsWith(":") || seen.has(sentence)) continue;
        if (!KEYWORD.test(sentence.replace(QUOTED_KEYWORD, ""))) continue;
        seen.add(sentence);
        out.push({ page, sentence });
      }
    }
  }
  return out;
}
