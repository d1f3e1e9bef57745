import { describe, expect, it } from "vitest";
import { serverName, sessionLabel } from "./server-name.js";

describe("serverName", () => {
  it("names the script or package a launcher runs, not the launcher", () => {
    const cases: Array<[string, string[], string | undefined]> = [
      ["node", ["/home/me/weather-server/dist/index.js"], "weather-server"],
      ["node", ["--import", "tsx", "src/my-server.ts", "stdio"], "my-server"],
      ["/usr/local/bin/node", ["build/server.js"], "server"],
      ["node", ["build/index.js"], "index"],
      ["npx", ["-y", "@modelcontextprotocol/server-everything@2025.1.1", "stdio"], "server-everything"],
      ["npx.cmd", ["-y", "mcp-remote", "https://example.com/mcp"], "mcp-remote"],
      ["pnpm", ["dlx", "@scope/files"], "files"],
      ["npm", ["exec", "--", "some-server"], "some-server"],
      ["uvx", ["--from", "git+https://github.com/x/y", "mcp-server-git"], "mcp-server-git"],
      ["uvx", ["mcp-server-fetch==1.2"], "mcp-server-fetch"],
      ["uv", ["run", "--directory", "/srv/notes", "notes_server.py"], "notes_server"],
      ["python3.12", ["-m", "mcp_server_time", "--local-timezone", "UTC"], "mcp_server_time"],
      ["python", ["-u", "/opt/tools/weather/__main__.py"], "weather"],
      ["docker", ["run", "-i", "--rm", "-e", "TOKEN", "ghcr.io/org/github-mcp:latest"], "github-mcp"],
      ["deno", ["run", "-A", "jsr:@std/mcp-demo"], "mcp-demo"],
      ["my-server", ["--port", "1"], "my-server"],
      ["/opt/bin/server.py", [], "server"],
      ["node", [], undefined],
      ["node", ["-e", "x"], undefined],
    ];
    for (const [command, args, expected] of cases) {
      expect(serverName(command, args), `${command} ${args.join(" ")}`).toBe(expected);
    }
  });
});

describe("sessionLabel", () => {
  it("is the server's name, and an explicit label still wins", () => {
    expect(sessionLabel(undefined, "node", ["servers/echo.mjs"])).toBe("echo");
    expect(sessionLabel("mine", "node", ["servers/echo.mjs"])).toBe("mine");
    expect(sessionLabel(undefined, "node", [])).toBe("node");
    expect(sessionLabel(undefined, "npx", ["-y", "@a/weird name!"])).toBe("weird_name_");
    expect(sessionLabel(undefined, undefined)).toBe("http");
    expect(sessionLabel("..", undefined)).toBe("session");
  });
});
