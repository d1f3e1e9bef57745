/**
 * Each package's public API is deliberate and written down: its README has an `## API` section listing every name
 * its `src/index.ts` exports, one bullet line each (`` - `name(…)`: what it is ``), and no name it does not export.
 * The exports are read from the index with TypeScript's own parser; an `export *` is refused, since it exports
 * whatever its module happens to hold.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The names an index exports; `*` plus the module for an `export * from`. */
function exportedNames(source: string): string[] {
  const file = ts.createSourceFile("index.ts", source, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement)) {
      const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
      if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
        names.push(`(declared here: ${statement.getText(file).split("\n")[0]})`);
      }
      continue;
    }
    const clause = statement.exportClause;
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier);
    if (clause === undefined) names.push(`* from ${from ? (statement.moduleSpecifier as ts.StringLiteral).text : "?"}`);
    else if (ts.isNamedExports(clause)) for (const element of clause.elements) names.push(element.name.text);
    else names.push(`* as ${clause.name.text}`);
  }
  return names;
}

/** The names the README's `## API` section lists: the first code span of each bullet line, up to `(` or `<`. */
function listedNames(readme: string): string[] | undefined {
  const start = readme.search(/^## API$/m);
  if (start === -1) return undefined;
  const rest = readme.slice(start + "## API".length);
  const end = rest.search(/^## /m);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^- `([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]!);
}

function problems(exported: string[], listed: string[] | undefined): string[] {
  if (listed === undefined) return ["no ## API section"];
  const missing = exported.filter((name) => !listed.includes(name)).map((name) => `not listed: ${name}`);
  const stale = listed.filter((name) => !exported.includes(name)).map((name) => `listed, not exported: ${name}`);
  const twice = listed.filter((name, i) => listed.indexOf(name) !== i).map((name) => `listed twice: ${name}`);
  return [...missing, ...stale, ...twice];
}

const PACKAGES = readdirSync(join(root, "packages"))
  .filter((name) => existsSync(join(root, "packages", name, "src", "index.ts")))
  .sort();

describe("each package's README lists its public API", () => {
  it("finds the packages", () => {
    expect(PACKAGES).toEqual(expect.arrayContaining(["trace-format", "validator", "recorder", "cli"]));
  });

  it.each(PACKAGES)("%s: every name src/index.ts exports, and only those, one line each", (name) => {
    const dir = join(root, "packages", name);
    const exported = exportedNames(readFileSync(join(dir, "src", "index.ts"), "utf8"));
    expect(exported.length).toBeGreaterThan(0);
    expect(problems(exported, listedNames(readFileSync(join(dir, "README.md"), "utf8")))).toEqual([]);
  });

  it("would notice an unlisted, a stale and a doubled name, an export * and a missing section", () => {
    const index = 'export { a, type B } from "./a.js";\nexport * from "./c.js";\nexport const d = 1;\n';
    const readme =
      "# x\n\n## API\n\n- `a(x)`: one\n- `a`: again\n- `gone`: old\n\n## Other\n\n- `B`: not in the section\n";
    expect(exportedNames(index)).toEqual(["a", "B", "* from ./c.js", "(declared here: export const d = 1;)"]);
    expect(problems(exportedNames(index), listedNames(readme))).toEqual([
      "not listed: B",
      "not listed: * from ./c.js",
      "not listed: (declared here: export const d = 1;)",
      "listed, not exported: gone",
      "listed twice: a",
    ]);
    expect(problems(["a"], listedNames("# x\n"))).toEqual(["no ## API section"]);
  });
});
