/**
 * The state directory's recorded sessions as a hub's store (`@mcp-conf/export`'s `HubStore`, which `mcp-conf open`
 * serves): where they are, the listing newest first (a bad entry left out), an id's trace, and whether the recorder
 * of a running trace is gone.
 */
import { sessionsDirectory } from "../state-dir.js";
import { recorderGoneCheck } from "./liveness.js";
import { listStoredSessions, type StoredSession, storedSessionPath } from "./store.js";

export interface StoredSessionsStore {
  directory: string;
  list(): StoredSession[];
  path(id: string): string | undefined;
  recorderGone(recorder: unknown, path: string): boolean;
}

/** The sessions of the state directory that `env` names (`MCP_CONF_HOME`, else XDG). */
export function storedSessionsStore(env: NodeJS.ProcessEnv = process.env): StoredSessionsStore {
  return {
    directory: sessionsDirectory(env),
    list: () => listStoredSessions(env),
    path: (id) => storedSessionPath(id, env),
    recorderGone: recorderGoneCheck(),
  };
}
