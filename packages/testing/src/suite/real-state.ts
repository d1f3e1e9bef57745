/**
 * The user's real state directories, fingerprinted (every entry's path, kind, size and modification time) when the
 * run starts and saved to a file, so any test file can tell at its end whether anything in them was created, changed
 * or removed since.
 */
import { lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Set by the global setup for every test file: the saved fingerprint. */
export const REAL_STATE_VARIABLE = "MCP_CONF_TEST_REAL_STATE";

interface Saved {
  dirs: string[];
  entries: [string, string][];
}

const LIMIT = 100_000;

function fingerprint(dirs: string[]): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (path: string): void => {
    if (entries.size >= LIMIT) return;
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    const directory = stat.isDirectory();
    entries.set(path, `${directory ? "dir" : stat.isSymbolicLink() ? "link" : "file"} ${stat.size} ${stat.mtimeMs}`);
    if (directory) for (const name of readdirSync(path)) walk(join(path, name));
  };
  for (const dir of dirs) walk(dir);
  return entries;
}

/** Fingerprints `dirs` (absent ones are recorded as absent) into `file`. */
export function saveRealState(file: string, dirs: string[]): void {
  const saved: Saved = { dirs, entries: [...fingerprint(dirs)] };
  writeFileSync(file, JSON.stringify(saved));
}

/** What changed in the directories saved in `file` since, one line per path. */
export function realStateChanges(file: string): string[] {
  const saved = JSON.parse(readFileSync(file, "utf8")) as Saved;
  const before = new Map(saved.entries);
  const after = fingerprint(saved.dirs);
  const changes: string[] = [];
  for (const [path, print] of after) {
    const earlier = before.get(path);
    if (earlier === undefined) changes.push(`${path} created`);
    else if (earlier !== print) changes.push(`${path} modified`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`${path} removed`);
  return changes;
}
