/**
 * The server's own name, read off its command line, for the default label: the script or package a launcher runs
 * (`node dist/index.js` in `weather-server/` → `weather-server`, `npx -y @scope/pkg@1.2` → `pkg`, `uvx mcp-server-time`
 * → `mcp-server-time`, `python -m my_server` → `my_server`), not the launcher (`node`, `npx`, `python`, `uvx` …).
 */
import { basename, dirname, extname } from "node:path";

interface Launcher {
  /** Sub-commands skipped before the package or script (`uv run`, `npm exec`, `pnpm dlx`, `deno run`). */
  subcommands?: string[];
  /** Options that take the next word as their value, so that word is not the script. */
  valued?: string[];
  /** Options whose value is itself the name (`python -m MODULE`). */
  naming?: string[];
  /** Its first word is always a script path (node, python), never a package name. */
  scripts?: boolean;
}

const NODE: Launcher = {
  scripts: true,
  valued: [
    "-e",
    "--eval",
    "-p",
    "--print",
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "--env-file",
    "-C",
    "--conditions",
  ],
};
const PYTHON: Launcher = { scripts: true, valued: ["-X", "-W", "-c"], naming: ["-m"] };
const PACKAGE_RUNNER: Launcher = {
  subcommands: ["exec", "dlx", "x", "run"],
  valued: [
    "-p",
    "--package",
    "--from",
    "--with",
    "--python",
    "--directory",
    "-w",
    "--workspace",
    "--filter",
    "--index-url",
  ],
};

const LAUNCHERS: Record<string, Launcher> = {
  node: NODE,
  nodejs: NODE,
  bun: PACKAGE_RUNNER,
  bunx: PACKAGE_RUNNER,
  deno: { subcommands: ["run"], valued: ["--config", "-c", "--import-map"] },
  tsx: NODE,
  "ts-node": NODE,
  npx: PACKAGE_RUNNER,
  pnpx: PACKAGE_RUNNER,
  npm: PACKAGE_RUNNER,
  pnpm: PACKAGE_RUNNER,
  yarn: PACKAGE_RUNNER,
  uv: PACKAGE_RUNNER,
  uvx: PACKAGE_RUNNER,
  pipx: PACKAGE_RUNNER,
  python: PYTHON,
  py: PYTHON,
  docker: {
    subcommands: ["run"],
    valued: ["-e", "--env", "-v", "--volume", "--name", "--network", "-p", "--env-file"],
  },
  podman: {
    subcommands: ["run"],
    valued: ["-e", "--env", "-v", "--volume", "--name", "--network", "-p", "--env-file"],
  },
};

/** Script names that say nothing: their directory names the server instead (build directories skipped). */
const ANONYMOUS_SCRIPTS = new Set(["index", "main", "__main__", "cli", "app", "mod"]);
const BUILD_DIRECTORIES = new Set(["dist", "build", "out", "lib", "src", "bin", "esm", "cjs", ""]);

/** The name of the server `command args…` runs, or undefined when there is none to read. */
export function serverName(command: string, args: readonly string[]): string | undefined {
  const launcher = LAUNCHERS[launcherName(command)];
  if (launcher === undefined) return scriptName(command);
  let subcommands = launcher.subcommands ?? [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (launcher.naming?.includes(word)) return args[i + 1] === undefined ? undefined : packageName(args[i + 1]!);
    if (launcher.valued?.includes(word)) {
      i++;
      continue;
    }
    if (word.startsWith("-")) continue;
    if (subcommands.includes(word)) {
      subcommands = []; // only the first word can be a sub-command
      continue;
    }
    return launcher.scripts || looksLikePath(word) ? scriptName(word) : packageName(word);
  }
  return undefined;
}

/** `python3.12` → `python`, `/usr/bin/node` → `node`, `npx.cmd` → `npx`. */
function launcherName(command: string): string {
  const name = basename(command, extname(command)).toLowerCase();
  return /^python\d*(\.\d+)?$/.test(name) ? "python" : name;
}

function looksLikePath(word: string): boolean {
  return /^[.~/\\]/.test(word) || /\.(m?[jt]s|c[jt]s|py|tsx)$/.test(word);
}

/** A script's name without extension; for `index.js` and the like, the directory above the build directories. */
function scriptName(path: string): string | undefined {
  const name = basename(path, extname(path));
  if (!ANONYMOUS_SCRIPTS.has(name.toLowerCase())) return name || undefined;
  let dir = dirname(path);
  while (BUILD_DIRECTORIES.has(basename(dir).toLowerCase()) && dirname(dir) !== dir) dir = dirname(dir);
  const above = basename(dir);
  return above === "" || above === "." || above === ".." ? name : above;
}

/** `@scope/pkg@1.2.3` → `pkg`, `jsr:@std/x` → `x`, `ghcr.io/org/image:tag` → `image`, `pkg==1.0` → `pkg`. */
function packageName(word: string): string | undefined {
  const unprefixed = word.replace(/^(npm|jsr|git\+\w+|github):/, "");
  const last = unprefixed.split("/").filter(Boolean).pop() ?? "";
  const bare = last.replace(/(@|==|>=|:).*$/, "").replace(/\.git$/, "");
  return bare === "" ? undefined : bare;
}

/**
 * A session's label, safe in a session id and a file name: `given`, else the server's own name read off its command
 * line (`serverName`), else the command's base name (stdio), else `http`.
 */
export function sessionLabel(
  given: string | undefined,
  command: string | undefined,
  args: readonly string[] = [],
): string {
  const raw =
    given ?? (command !== undefined ? (serverName(command, args) ?? basename(command, extname(command))) : "http");
  const safe = raw.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 64);
  if (safe === "" || /^[._]+$/.test(safe)) return given !== undefined ? "session" : "server";
  return safe;
}
