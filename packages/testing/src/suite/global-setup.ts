/**
 * Runs once around the whole vitest run (vitest `globalSetup`), in the main process before any worker starts:
 * fingerprints the user's real state directories, then points HOME, XDG_CONFIG_HOME, XDG_STATE_HOME and
 * MCP_CONF_HOME at a temporary home that workers and everything they spawn inherit (each test file then gets its
 * own, see file-setup.ts, which also fails the file if the real state changed). Tool caches and configuration that
 * live under the real HOME (npm, git, Go, Rust, the XDG cache and data folders) keep pointing there, so installs and
 * builds stay warm and configured.
 */
import { existsSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import { join } from "node:path";
import { isolatedHome } from "../isolated-home.js";
import { REAL_STATE_VARIABLE, realStateChanges, saveRealState } from "./real-state.js";

/** Where tools keep caches and configuration under HOME, made explicit before HOME moves. */
function toolEnvironment(env: NodeJS.ProcessEnv, home: string): Record<string, string> {
  const kept: Record<string, string> = {};
  const keep = (name: string, path: string, onlyIfPresent = true) => {
    if (env[name] === undefined && (!onlyIfPresent || existsSync(path))) kept[name] = path;
  };
  keep("npm_config_cache", join(home, ".npm"), false);
  keep("npm_config_userconfig", join(home, ".npmrc"));
  keep("GIT_CONFIG_GLOBAL", join(home, ".gitconfig"));
  keep("XDG_CACHE_HOME", join(home, ".cache"), false);
  keep("XDG_DATA_HOME", join(home, ".local", "share"), false);
  keep("GOPATH", join(home, "go"));
  keep("GOENV", join(env.XDG_CONFIG_HOME ?? join(home, ".config"), "go", "env"));
  keep("CARGO_HOME", join(home, ".cargo"));
  keep("RUSTUP_HOME", join(home, ".rustup"));
  return kept;
}

/** Every state directory the user's environment could resolve to (the variables, and the account's home). */
function realStateDirectories(env: NodeJS.ProcessEnv): string[] {
  const homes = [env.HOME || homedir(), userInfo().homedir];
  return [
    ...new Set([
      ...(env.MCP_CONF_HOME ? [env.MCP_CONF_HOME] : []),
      ...(env.XDG_STATE_HOME ? [join(env.XDG_STATE_HOME, "mcp-conf")] : []),
      ...homes.map((home) => join(home, ".local", "state", "mcp-conf")),
    ]),
  ];
}

export default function setup(): () => void {
  const sandbox = isolatedHome("mcp-conf-suite-");
  const saved = join(sandbox.root, "real-state.json");
  saveRealState(saved, realStateDirectories(process.env));
  const tools = toolEnvironment(process.env, process.env.HOME || homedir());
  Object.assign(process.env, tools, sandbox.vars, { [REAL_STATE_VARIABLE]: saved });
  return () => {
    // Test files check as they end; this catches what changed after the last one (vitest only logs a teardown's
    // error, so the exit code is set here).
    const problems = [
      ...realStateChanges(saved),
      ...sandbox.touched().map((path) => `${join(sandbox.state, path)} (the run's default state directory)`),
    ];
    if (problems.length > 0) {
      console.error(`the test run touched a state directory it must not: ${problems.slice(0, 20).join("; ")}`);
      process.exitCode = 1;
      return;
    }
    sandbox.remove();
  };
}
