/**
 * The one way a test gets a home of its own, so no test touches the user's files: a temporary directory holding
 * HOME, with XDG_CONFIG_HOME, XDG_STATE_HOME and MCP_CONF_HOME inside it (all three state variables resolve to the
 * same `<home>/.local/state/mcp-conf`, whichever one a test removes). The suite's setup gives every test file one
 * by default and fails the file when mcp-conf state appears in it: a test that writes state makes its own with
 * `isolatedHome()` and passes its `env` (or `vars`) to what it runs.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The variables an isolated home sets: every place mcp-conf reads or writes user files from. */
export type HomeVariable = "HOME" | "XDG_CONFIG_HOME" | "XDG_STATE_HOME" | "MCP_CONF_HOME";

export interface IsolatedHome {
  /** The temporary directory; HOME is `<root>/home`. */
  root: string;
  /** The state directory every one of the variables resolves to. */
  state: string;
  /** Only the four variables. */
  vars: Record<HomeVariable, string>;
  /** `process.env` (as it is now) with the four variables pointing inside `root`. */
  env: NodeJS.ProcessEnv;
  /** What mcp-conf wrote under the state directory (paths relative to it, at most 20), empty if nothing. */
  touched(): string[];
  /** Deletes the directory. */
  remove(): void;
}

/** A fresh isolated home under `parent` (the system's temporary directory by default). */
export function isolatedHome(prefix = "mcp-conf-home-", parent = tmpdir()): IsolatedHome {
  const root = mkdtempSync(join(parent, prefix));
  const home = join(root, "home");
  const xdgState = join(home, ".local", "state");
  const state = join(xdgState, "mcp-conf");
  const xdgConfig = join(home, ".config");
  mkdirSync(xdgState, { recursive: true });
  mkdirSync(xdgConfig, { recursive: true });
  const vars: Record<HomeVariable, string> = {
    HOME: home,
    XDG_CONFIG_HOME: xdgConfig,
    XDG_STATE_HOME: xdgState,
    MCP_CONF_HOME: state,
  };
  return {
    root,
    state,
    vars,
    env: { ...process.env, ...vars },
    touched: () => entriesUnder(state),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Up to `limit` paths under `dir`, relative to it; `["."]` for an empty directory, `[]` when it does not exist. */
export function entriesUnder(dir: string, limit = 20): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string): void => {
    const entries = readdirSync(join(dir, relative), { withFileTypes: true });
    if (entries.length === 0 && relative !== "") found.push(relative);
    for (const entry of entries) {
      if (found.length >= limit) return;
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else found.push(path);
    }
  };
  walk("");
  return found.length === 0 ? ["."] : found;
}

/**
 * `process.env` as a user with none of the variables set sees it, with HOME at `home`: state then goes where the
 * docs say it goes by default, `<home>/.local/state/mcp-conf`. For docs examples; `home` must be a test's own.
 */
export function defaultsEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  delete env.XDG_CONFIG_HOME;
  delete env.XDG_STATE_HOME;
  delete env.MCP_CONF_HOME;
  return env;
}
