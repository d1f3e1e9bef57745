/**
 * Where the project file is: in the working directory or a directory above it, up to the repository root (the first
 * directory holding `.git`); outside a repository only the working directory is looked at.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = ".mcp-conf.toml";

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
