/**
 * Where the project file (`.mcp-conf.toml`, see project-config.ts) is: what the command line says about it and the
 * lookup from the working directory. Its own module, without the TOML parser and the key checks, so that the judging
 * bundle can tell whether a project file applies without loading them.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "../exit.js";

export const CONFIG_FILE = ".mcp-conf.toml";

/** What the command line says about the file: `--config FILE`, `--no-config`, or nothing (look it up). */
export type ConfigChoice = { file: string } | { none: true } | undefined;

/**
 * Reads `--config FILE` / `--config=FILE` / `--no-config` from the words before `--` (the server command after it
 * is not ours). They are read before yargs parses, since the file supplies the defaults yargs parses with.
 */
export function configChoice(args: readonly string[]): ConfigChoice {
  let choice: ConfigChoice;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") break;
    if (arg === "--no-config") choice = { none: true };
    else if (arg === "--config") {
      const file = args[i + 1];
      if (file === undefined || file === "" || file.startsWith("-")) throw new UsageError("--config needs a file name");
      choice = { file };
      i++;
    } else if (arg.startsWith("--config=")) {
      const file = arg.slice("--config=".length);
      if (file === "") throw new UsageError("--config needs a file name");
      choice = { file };
    }
  }
  return choice;
}

/** The project file for `cwd`, or undefined when there is none. */
export function findConfigFile(cwd: string): string | undefined {
  const start = resolve(cwd);
  let top = start; // outside a repository (no .git above), only the working directory's own file counts
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) {
      top = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (dir === top || dirname(dir) === dir) return undefined;
  }
}
