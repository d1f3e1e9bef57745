/**
 * `mcp-conf wrap` on an entry reached by URL, as a user runs it: a VS Code configuration (comments, CRLF, a stdio
 * server beside it) whose HTTP entry names a real server-everything. Only the entry's URL changes, to a local
 * proxy's; the printed `watch http` command line, run by a shell as the user would paste it, starts that proxy; the
 * official SDK client connects to the rewritten URL as the editor would, and the session is recorded and judged.
 * `unwrap` gives back the original file byte for byte.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import jsonc from "jsonc-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, exitOf, sdk, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";
import { mcpConf, mcpConfProcess } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

function configFor(url: string): string {
  return [
    "{",
    "\t// workspace servers",
    '\t"servers": {',
    '\t\t"fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"] },',
    "\t\t/* the team's server */",
    '\t\t"remote": {',
    '\t\t\t"type": "http",',
    `\t\t\t"url": ${JSON.stringify(url)},`,
    '\t\t\t"headers": { "X-Team": "docs" }',
    "\t\t}, // trailing comma and comment",
    "\t}",
    "}",
    "",
  ].join("\r\n");
}

/** A port nothing listens on right now (the proxy's, chosen by the test so it cannot collide). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("wrap an HTTP entry, run the printed proxy command, connect as the editor would, unwrap", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  let original: string;
  let port: number;
  let printed: string;
  const config = join(dir.path, "mcp.json");
  const home = join(dir.path, "home");

  beforeAll(async () => {
    everything = await startEverythingHttp();
    original = configFor(everything.url);
    writeFileSync(config, original);
    port = await freePort();
  });
  afterAll(async () => {
    await everything.stop();
  });

  it("rewrites only the URL and prints the command that runs the proxy", async () => {
    const run = mcpConfProcess(["wrap", "remote", "--client", "vscode", "--config", config, "--port", String(port)]);
    expect(run.code, run.stderr).toBe(0);
    printed = run.stdout;
    expect(printed).toBe(`mcp-conf watch http --upstream ${everything.url} --listen 127.0.0.1:${port}\n`);
    expect(run.stderr).toContain("vscode starts no process for a server reached by URL");
    const text = readFileSync(config, "utf8");
    const changed = text.split("\r\n").filter((line, i) => line !== original.split("\r\n")[i]);
    expect(changed).toEqual([
      `\t\t\t"url": "http://127.0.0.1:${port}/#mcp-conf-upstream=${encodeURIComponent(everything.url)}",`,
    ]);
    const again = await mcpConf(["wrap", "remote", "--client", "vscode", "--config", config]);
    expect(again.stderr).toContain("mcp-conf wrap: remote is already wrapped\n");
    expect(again.stdout).toBe(printed);
    expect(readFileSync(config, "utf8")).toBe(text);
  });

  it("records and judges a session through the printed command's proxy at the rewritten URL", async () => {
    const bin = join(dir.path, "bin");
    mkdirSync(bin, { recursive: true });
    mkdirSync(home, { recursive: true });
    const shim = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`;
    writeFileSync(join(bin, "mcp-conf"), shim, { mode: 0o755 });
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${bin}:/usr/bin:/bin`, FORCE_COLOR: "0" };
    delete env.MCP_CONF_HOME;
    delete env.XDG_STATE_HOME;
    const proxy = spawn("/bin/sh", ["-c", `exec ${printed.trim()}`], { cwd: dir.path, env, stdio: "pipe" });
    proxy.stdout.resume();
    const err = textOf(proxy.stderr);
    await err.waitFor(/proxying http:\/\/127\.0\.0\.1:\d+\//);

    const url = jsonc.parse(readFileSync(config, "utf8")).servers.remote.url as string;
    const { Client, StreamableHTTPClientTransport } = await sdk();
    const client = new Client({ name: "editor-host", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const echo = await client.callTool({ name: "echo", arguments: { message: "from the editor" } });
    expect(JSON.stringify(echo)).toContain("from the editor");
    await client.close();
    proxy.kill("SIGINT");
    expect(await exitOf(proxy)).toBe(0);

    const text = err.text();
    expect(text).toMatch(/^verdict: /m);
    expect(text).toMatch(/^mcp-conf watch: \d+ exchange\(s\); findings so far: \d+ fail, \d+ warn$/m);
    const sessions = join(home, ".local", "state", "mcp-conf", "sessions");
    const traces = readdirSync(sessions).filter((name) => name.endsWith(".jsonl"));
    expect(traces).toHaveLength(1);
    expect(text).toContain(`trace written to ${join(sessions, traces[0]!)}`);
    const judged = await mcpConf(["validate", join(sessions, traces[0]!), "-f", "json"]);
    const report = JSON.parse(judged.stdout) as { requirements: { outcome: string }[] };
    expect(report.requirements.filter((row) => row.outcome === "pass").length).toBeGreaterThan(10);
  }, 60_000);

  it("unwrap restores the original file byte for byte", async () => {
    const run = await mcpConf(["unwrap", "--all", "--client", "vscode", "--config", config]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("unwrapped remote in");
    expect(readFileSync(config, "utf8")).toBe(original);
  });

  it("refuses --port where it has no meaning, in one line with exit 2", async () => {
    const stdio = await mcpConf(["wrap", "fetch", "--client", "vscode", "--config", config, "--port", "9000"]);
    expect(stdio).toMatchObject({ code: 2 });
    expect(stdio.stderr).toBe(`mcp-conf: wrap: ${config}: --port is for a server reached by URL; "fetch" is not\n`);
    const bad = await mcpConf(["wrap", "remote", "--client", "vscode", "--config", config, "--port", "70000"]);
    expect(bad).toMatchObject({ code: 2, stderr: "mcp-conf: wrap: --port 70000 is not a port number (1-65535)\n" });
    expect(readFileSync(config, "utf8")).toBe(original);
  });
});
