/**
 * The shape of the source: no module of a package's `src/` reaches itself again through its relative imports (static,
 * type-only, re-exports and dynamic `import()` alike), and no area of the validator's checks imports another area —
 * what several areas use lives in `checks/support/`. Read from the TypeScript sources with TypeScript's own parser.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CHECKS = "packages/validator/src/checks/";

type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

/** Every module specifier a file names: imports, re-exports and `import("…")` calls. */
function specifiers(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The source file a relative specifier names (`./x.js` is `./x.ts`; a directory is its index), if any. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, "");
  const candidates = [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, "index.ts")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Relative imports between the source files of every package's `src/`, keyed by repository-relative path. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const pkg of readdirSync(join(root, "packages"))) {
    const src = join(root, "packages", pkg, "src");
    if (!existsSync(src)) continue;
    for (const path of sourceFiles(src)) {
      const targets = specifiers(path)
        .filter((specifier) => specifier.startsWith("."))
        .flatMap((specifier) => resolveRelative(path, specifier) ?? [])
        .map((target) => relative(root, target));
      graph.set(relative(root, path), [...new Set(targets)]);
    }
  }
  return graph;
}

/** The strongly connected components of more than one module, and modules importing themselves (Tarjan). */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** The area a file of checks/ belongs to (`tool` for `checks/tool/x.ts`); undefined for the files at its top. */
function areaOf(path: string): string | undefined {
  if (!path.startsWith(CHECKS)) return undefined;
  const parts = path.slice(CHECKS.length).split("/");
  return parts.length > 1 ? parts[0] : undefined;
}

function areaToArea(graph: Graph): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => {
        const [a, b] = [areaOf(from), areaOf(to)];
        return a !== undefined && b !== undefined && a !== b && b !== "support";
      })
      .map((to) => `${from} -> ${to}`),
  );
}

describe("the import graph of packages/*/src", () => {
  const graph = importGraph();

  it("reads every package's sources, and the imports between them", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("packages/cli/src/main.ts")).toContain("packages/cli/src/commands/index.ts");
    expect(graph.get("packages/cli/src/commands/index.ts")).toContain("packages/cli/src/commands/validate.ts");
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no area of the validator's checks importing another area (checks/support/ is shared)", () => {
    expect(areaToArea(graph)).toEqual([]);
  });

  it("would notice either: a cycle through a dynamic import, a self-import, and a tool -> page import", () => {
    const planted: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["d.ts"]],
      ["e.ts", ["a.ts"]],
      [`${CHECKS}tool/x.ts`, [`${CHECKS}page/y.ts`, `${CHECKS}support/z.ts`, `${CHECKS}tool/w.ts`]],
      [`${CHECKS}index.ts`, [`${CHECKS}page/index.ts`]],
    ]);
    expect(cycles(planted)).toEqual([["a.ts", "b.ts", "c.ts"], ["d.ts"]]);
    expect(areaToArea(planted)).toEqual([`${CHECKS}tool/x.ts -> ${CHECKS}page/y.ts`]);
    expect(specifiers(join(root, "packages/cli/src/commands/index.ts"))).toContain("./validate.js");
  });
});
