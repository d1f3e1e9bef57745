/**
 * The CLI's docs pages run in a workspace of their own: `my-server.js` starts server-everything and `mcp-conf` on
 * the PATH is the built binary. The page machinery itself (console blocks, matching) is @mcp-conf/testing's.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BashSession } from "@mcp-conf/testing";
import { BIN, EVERYTHING } from "./record-helpers.js";

/** A session in `cwd` as its own home, with the `mcp-conf` in `cwd/.bin` on PATH and no colour. */
export function sessionIn(cwd: string, substitute: (text: string) => string): BashSession {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.MCP_CONF_HOME;
  delete env.XDG_STATE_HOME;
  env.HOME = cwd;
  env.PATH = `${join(cwd, ".bin")}:${env.PATH ?? ""}`;
  return {
    cwd,
    env,
    commandLine: (command) => `{ ${substitute(command)}
} 2>&1`,
    timeout: 60_000,
  };
}

/**
 * A directory for a page's examples: `my-server.js` starts server-everything, and `.bin/mcp-conf` (on the PATH of
 * `sessionIn`) execs the built binary, so `$!` of a background `mcp-conf …` is mcp-conf itself. Returns `cwd`.
 */
export function docsWorkspace(cwd: string): string {
  mkdirSync(join(cwd, ".bin"), { recursive: true });
  writeFileSync(join(cwd, "my-server.js"), `import ${JSON.stringify(pathToFileURL(EVERYTHING).href)};\n`);
  writeFileSync(
    join(cwd, ".bin", "mcp-conf"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    {
      mode: 0o755,
    },
  );
  return cwd;
}
