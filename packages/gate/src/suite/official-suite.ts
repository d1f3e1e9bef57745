/**
 * The official conformance suite (`@modelcontextprotocol/conformance`) as a program we run: where it comes from and
 * how it starts on this Node. Resolution order (docs/test.md): `--suite DIR` (a directory holding the package), the
 * project's own copy (resolved from the working directory), else the pinned version installed on first use into
 * `<state>/suites/conformance-<version>` with npm. Nothing of the suite is patched on disk: on Node 20, where the
 * suite's import of `fs.globSync` fails at start-up, a module hook hands it `node:fs` plus a `globSync` that says it
 * needs Node 22 (only the suite's tier-check subcommand calls it).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { GateError } from "../errors.js";
import { installPinned } from "../pinned-install.js";
import { runProcess } from "../run-process.js";
import { stateDirectory } from "../state-dir.js";

export const SUITE_PACKAGE = "@modelcontextprotocol/conformance";
export const SUITE_VERSION = "0.1.16";

export interface Suite {
  /** The suite's entry script (`dist/index.js`). */
  entry: string;
  version: string;
  /** Where it was found: `--suite`, `project` or `state`. */
  source: "option" | "project" | "state";
}

/** Finds the suite, installing the pinned version into the state directory when neither option nor project has it. */
export async function resolveSuite(option: string | undefined, cwd: string, env: NodeJS.ProcessEnv): Promise<Suite> {
  if (option !== undefined) {
    const found = suiteIn(resolve(cwd, option), "option");
    if (!found) throw new GateError(`test: --suite ${JSON.stringify(option)} holds no ${SUITE_PACKAGE} package`);
    return found;
  }
  const project = projectSuite(cwd);
  if (project) return project;
  const dir = join(stateDirectory(env), "suites", `conformance-${SUITE_VERSION}`);
  const installed = suiteIn(join(dir, "node_modules", SUITE_PACKAGE), "state");
  if (installed) return installed;
  await installSuite(dir);
  const fresh = suiteIn(join(dir, "node_modules", SUITE_PACKAGE), "state");
  if (!fresh) throw new GateError(`test: installing ${SUITE_PACKAGE}@${SUITE_VERSION} into ${dir} left no package`);
  return fresh;
}

function suiteIn(dir: string, source: Suite["source"]): Suite | undefined {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return undefined;
  let parsed: { name?: unknown; version?: unknown };
  try {
    parsed = JSON.parse(readFileSync(manifest, "utf8"));
  } catch {
    return undefined;
  }
  const entry = join(dir, "dist", "index.js");
  if (parsed.name !== SUITE_PACKAGE || !existsSync(entry)) return undefined;
  return { entry, version: String(parsed.version), source };
}

/** The project's own copy: `node_modules/<package>` in the working directory or the nearest ancestor holding one. */
function projectSuite(cwd: string): Suite | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const found = suiteIn(join(dir, "node_modules", SUITE_PACKAGE), "project");
    if (found) return found;
    if (dirname(dir) === dir) return undefined;
  }
}

function installSuite(dir: string): Promise<void> {
  return installPinned(dir, [`${SUITE_PACKAGE}@${SUITE_VERSION}`], "test");
}

/**
 * A module hook, as a data URL for `node --import`: where the suite imports `fs` it gets `node:fs` with a
 * `globSync` added when this Node lacks one.
 */
const FS_HOOK = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(`
export async function resolve(specifier, context, next) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL?.includes("/@modelcontextprotocol/conformance/"))
    return { url: "mcp-conf-suite:fs", shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url !== "mcp-conf-suite:fs") return next(url, context);
  return { format: "module", shortCircuit: true, source:
    "import fs from 'node:fs'; export * from 'node:fs'; export default fs;" +
    "export const globSync = fs.globSync ?? (() => { throw new Error('this part of the suite needs Node 22 (fs.globSync)'); });" };
}`)}));`)}`;

/** The Node arguments that start the suite on this Node. */
export function suiteNodeArgs(suite: Suite): string[] {
  const needsHook = !("globSync" in (process.getBuiltinModule?.("node:fs") ?? {}));
  return needsHook ? ["--import", FS_HOOK, suite.entry] : [suite.entry];
}

/** Runs the suite with `args` and collects its output. */
export function runSuite(suite: Suite, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return runProcess(process.execPath, [...suiteNodeArgs(suite), ...args], options);
}

/** The suite's scenarios of one kind, as `conformance list` prints them. */
export async function listScenarios(suite: Suite, kind: "server" | "client"): Promise<string[]> {
  const run = await runSuite(suite, ["list", `--${kind}`]);
  if (run.exitCode !== 0) throw new GateError(`test: the suite could not list its scenarios (exit ${run.exitCode})`);
  return [...run.stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]!);
}
