/**
 * The MCP clients whose configuration `wrap` edits: where each keeps its servers (the member holding them) and
 * where its configuration file lives on each operating system (docs/wrap.md lists the same table). The environment,
 * platform and working directory are passed in so tests control them.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const CLIENTS = ["claude-desktop", "claude-code", "vscode", "cursor", "windsurf"] as const;
export type ClientName = (typeof CLIENTS)[number];

export interface ClientConfig {
  name: ClientName;
  /** The member of the file's top-level object that maps server names to entries. */
  serversKey: "mcpServers" | "servers";
}

export const CLIENT_CONFIGS: Record<ClientName, ClientConfig> = {
  "claude-desktop": { name: "claude-desktop", serversKey: "mcpServers" },
  "claude-code": { name: "claude-code", serversKey: "mcpServers" },
  vscode: { name: "vscode", serversKey: "servers" },
  cursor: { name: "cursor", serversKey: "mcpServers" },
  windsurf: { name: "windsurf", serversKey: "mcpServers" },
};

export interface Place {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  cwd: string;
}

/**
 * The client's configuration file: its project file when the working directory has one (Claude Code's `.mcp.json`,
 * VS Code's `.vscode/mcp.json`, Cursor's `.cursor/mcp.json`), else its user-wide file.
 */
export function defaultConfigPath(client: ClientName, place: Place): string {
  const home = place.env.HOME || place.env.USERPROFILE || homedir();
  const appData = place.env.APPDATA || join(home, "AppData", "Roaming");
  const xdgConfig = place.env.XDG_CONFIG_HOME || join(home, ".config");
  const project = (relative: string) => {
    const path = join(place.cwd, relative);
    return existsSync(path) ? path : undefined;
  };
  const byPlatform = (mac: string, windows: string, linux: string) =>
    place.platform === "darwin" ? mac : place.platform === "win32" ? windows : linux;
  switch (client) {
    case "claude-desktop":
      return byPlatform(
        join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json"),
        join(appData, "Claude", "claude_desktop_config.json"),
        join(xdgConfig, "Claude", "claude_desktop_config.json"),
      );
    case "claude-code":
      return project(".mcp.json") ?? join(home, ".claude.json");
    case "vscode":
      return (
        project(join(".vscode", "mcp.json")) ??
        byPlatform(
          join(home, "Library", "Application Support", "Code", "User", "mcp.json"),
          join(appData, "Code", "User", "mcp.json"),
          join(xdgConfig, "Code", "User", "mcp.json"),
        )
      );
    case "cursor":
      return project(join(".cursor", "mcp.json")) ?? join(home, ".cursor", "mcp.json");
    case "windsurf":
      return join(home, ".codeium", "windsurf", "mcp_config.json");
  }
}
