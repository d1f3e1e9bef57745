/**
 * The recorded sessions in the state directory (`<state>/sessions/<id>.jsonl`, where `record` writes when no `-o`
 * is given): listing them newest first, and turning a session id into its trace path — so every command that takes
 * a TRACE also takes an id from `mcp-conf sessions ls`. An id is checked before it becomes part of a path.
 */
import { existsSync, readdirSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { sessionsDirectory } from "../state-dir.js";

const TRACE_EXTENSION = ".jsonl";

/** Whether `value` can name a session: letters, digits, `.`, `_`, `-`, not starting with a dot, at most 200. */
export function isSessionId(value: string): boolean {
  return value.length > 0 && value.length <= 200 && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(value);
}

export interface StoredSession {
  id: string;
  path: string;
  /** Last modified, in ms since the epoch: the order `ls` lists them in. */
  modifiedMs: number;
  bytes: number;
}

/**
 * Every stored session, newest first (by the time its trace was last written). An entry that cannot be looked at (a
 * symbolic link that loops, one whose target went, an entry mode bits forbid) is left out and handed to `skipped` with
 * its error code: a listing never fails for one bad entry.
 */
export function listStoredSessions(
  env: NodeJS.ProcessEnv = process.env,
  skipped: (name: string, problem: string) => void = () => {},
): StoredSession[] {
  const dir = sessionsDirectory(env);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const sessions: StoredSession[] = [];
  for (const name of names) {
    if (!name.endsWith(TRACE_EXTENSION)) continue;
    const id = name.slice(0, -TRACE_EXTENSION.length);
    if (!isSessionId(id)) continue;
    const path = join(dir, name);
    const stat = statEntry(path);
    if (typeof stat === "string") {
      skipped(name, stat);
      continue;
    }
    if (!stat?.isFile()) continue;
    sessions.push({ id, path, modifiedMs: stat.mtimeMs, bytes: stat.size });
  }
  return sessions.sort((a, b) => b.modifiedMs - a.modifiedMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The trace path of a stored session, or undefined if there is none by that id. */
export function storedSessionPath(id: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!isSessionId(id)) return undefined;
  const path = join(sessionsDirectory(env), `${id}${TRACE_EXTENSION}`);
  const stat = statEntry(path);
  return typeof stat !== "string" && stat?.isFile() ? path : undefined;
}

/** The entry's stats (undefined when it is not there), or the error code that kept it from being looked at. */
function statEntry(path: string): Stats | undefined | string {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

/**
 * What a TRACE argument names: `-` (standard input) and existing paths as they are, else the stored session of
 * that id; anything else is returned unchanged, for the reader to report as missing.
 */
export function resolveTraceArgument(argument: string, env: NodeJS.ProcessEnv = process.env): string {
  if (argument === "-" || existsSync(argument)) return argument;
  return storedSessionPath(argument, env) ?? argument;
}

/** The newest stored session's trace, for commands whose TRACE may be left out; undefined when there is none. */
export function newestSessionPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return listStoredSessions(env)[0]?.path;
}
