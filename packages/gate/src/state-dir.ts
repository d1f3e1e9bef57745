/**
 * Where mcp-conf keeps what it writes when the user names no place: the state directory of PRODUCT.md
 * (`MCP_CONF_HOME`, else `XDG_STATE_HOME/mcp-conf`, else `~/.local/state/mcp-conf`), with the recorded sessions in
 * `sessions/<session>.jsonl` and the baselines in `baselines/`. Defined here once; the environment is passed in so
 * tests and embedders control it.
 */
import { homedir } from "node:os";
import { join } from "node:path";

/** The mcp-conf state directory for this environment. */
export function stateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONF_HOME) return env.MCP_CONF_HOME;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, "mcp-conf");
  return join(env.HOME || homedir(), ".local", "state", "mcp-conf");
}

/** `<state>/sessions`, where recorded sessions live. */
export function sessionsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDirectory(env), "sessions");
}

/** The default trace path template: `<state>/sessions/{session}.jsonl`. */
export function defaultTraceTemplate(env: NodeJS.ProcessEnv = process.env): string {
  return join(sessionsDirectory(env), "{session}.jsonl");
}
