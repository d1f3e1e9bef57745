/**
 * A TRACE a command may leave out: the newest recorded session's trace, or the one-line error that there is none.
 */
import { newestSessionPath, sessionsDirectory } from "@mcp-conf/gate";
import { UsageError } from "./exit.js";

/** The newest stored session's trace, for `command` run without a TRACE. */
export function newestTrace(command: string, env: NodeJS.ProcessEnv = process.env): string {
  const path = newestSessionPath(env);
  if (path === undefined) {
    throw new UsageError(`${command}: no TRACE given and no recorded session in ${sessionsDirectory(env)}`);
  }
  return path;
}
