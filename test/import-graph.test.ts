/**
 * The shape of the source: each package imports only the packages its layer may know (MAY_IMPORT below), in its
 * sources and in its package.json; no module of a package's `src/` reaches itself
 * again through its relative imports (static, type-only, re-exports and dynamic `import()` alike); no area of the
 * validator's checks imports another area — what several areas use lives in `checks/support/`; no package but
 * the validator names a check by its id; and the CLI stays commands (a line budget for packages/cli/src). Read from the TypeScript sources with TypeScript's own parser.
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

/**
 * The layers, lowest first: what each package's sources may import of the workspace. trace-format speaks events;
 * session reads them as a session; the recorder knows only events; the validator and the analysis read the session;
 * live-judge runs the validator live; export, otel-mapper and the gate sit on the batch packages (never live-judge);
 * fleet (the receiving end of many gateways) judges with live-judge and maps with otel-mapper; client-config and
 * project-config (the MCP clients' files, the project's `.mcp-conf.toml`) stand alone; sample-sessions (real sessions
 * of the official SDKs, the demo's) uses the gate's pinned install and state directory; the CLI may use them all and
 * nothing imports it. testing (test-only helpers) is outside the layers.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  "trace-format": [],
  "client-config": [],
  "project-config": [],
  session: ["trace-format"],
  recorder: ["trace-format"],
  validator: ["trace-format", "session"],
  analysis: ["trace-format", "session"],
  "live-judge": ["trace-format", "session", "recorder", "validator"],
  export: ["trace-format", "session", "validator", "analysis"],
  "otel-mapper": ["trace-format", "session", "validator"],
  gate: ["trace-format", "session", "recorder", "validator", "analysis"],
  fleet: ["trace-format", "session", "validator", "live-judge", "otel-mapper"],
  "sample-sessions": ["gate"],
  cli: [
    "client-config",
    "project-config",
    "trace-format",
    "session",
    "recorder",
    "validator",
    "analysis",
    "live-judge",
    "export",
    "otel-mapper",
    "gate",
    "fleet",
    "sample-sessions",
  ],
};

/** The workspace packages a package's non-test sources import (`@mcp-conf/x` and `@mcp-conf/x/sub` alike). */
function workspaceImports(pkg: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const path of sourceFiles(join(root, "packages", pkg, "src"))) {
    for (const specifier of specifiers(path)) {
      const name = /^@mcp-conf\/([^/]+)/.exec(specifier)?.[1];
      if (name === undefined || name === pkg) continue;
      used.set(name, [...(used.get(name) ?? []), relative(root, path)]);
    }
  }
  return used;
}

/** Imports and runtime dependencies that break the layering: `pkg -> other (where)`. */
function layeringBreaks(may: Readonly<Record<string, readonly string[]>>): string[] {
  const breaks: string[] = [];
  for (const pkg of Object.keys(may)) {
    const allowed = new Set(may[pkg]);
    for (const [name, files] of workspaceImports(pkg))
      if (!allowed.has(name)) breaks.push(`${pkg} -> ${name} (${files[0]})`);
    const manifest = JSON.parse(readFileSync(join(root, "packages", pkg, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const name = /^@mcp-conf\/(.+)$/.exec(dependency)?.[1];
      if (name !== undefined && !allowed.has(name)) breaks.push(`${pkg} -> ${name} (package.json)`);
    }
  }
  return breaks;
}

/** String literals equal to a validator check id, in the non-test sources of every other package. */
function checkIdsOutsideValidator(): string[] {
  const ids = new Set<string>();
  for (const path of sourceFiles(join(root, CHECKS)))
    for (const match of readFileSync(path, "utf8").matchAll(/\bid: "([a-z]+\.[a-z0-9-]+)"/g)) ids.add(match[1]!);
  const found: string[] = [];
  for (const pkg of readdirSync(join(root, "packages"))) {
    const src = join(root, "packages", pkg, "src");
    if (pkg === "validator" || !existsSync(src)) continue;
    for (const path of sourceFiles(src))
      for (const match of readFileSync(path, "utf8").matchAll(/["'`]([a-z]+\.[a-z0-9-]+)["'`]/g))
        if (ids.has(match[1]!)) found.push(`${relative(root, path)}: ${match[1]}`);
  }
  return [ids.size > 100 ? "" : `only ${ids.size} check ids read`, ...found].filter(Boolean);
}

describe("the layers of packages/*", () => {
  it("has a layer for every package but testing", () => {
    const packages = readdirSync(join(root, "packages")).filter((pkg) =>
      existsSync(join(root, "packages", pkg, "src")),
    );
    expect(packages.filter((pkg) => pkg !== "testing" && !(pkg in MAY_IMPORT))).toEqual([]);
  });

  it("imports only what each layer may know, in the sources and in package.json", () => {
    expect(layeringBreaks(MAY_IMPORT)).toEqual([]);
  });

  it("would notice a package importing outside its layer", () => {
    expect(layeringBreaks({ ...MAY_IMPORT, export: ["trace-format", "session", "validator"] })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^export -> analysis \(packages\/export\/src\//)]),
    );
  });

  it("names no validator check by its id outside the validator (checks carry tags instead)", () => {
    expect(checkIdsOutsideValidator()).toEqual([]);
  });

  it("keeps the CLI to commands: packages/cli/src holds at most 3,500 lines (what a tool would import is a library's)", () => {
    const lines = sourceFiles(join(root, "packages", "cli", "src")).reduce(
      (total, path) => total + readFileSync(path, "utf8").split("\n").length - 1,
      0,
    );
    expect(lines).toBeGreaterThan(1_000);
    expect(lines).toBeLessThanOrEqual(3_500);
  });
});

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
