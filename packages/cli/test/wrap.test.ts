/**
 * `mcp-conf wrap` and `unwrap` as a user runs them, on a real-looking Claude Desktop configuration that names a real
 * server (server-everything) among others: the file is rewritten in place with a backup beside it, a scripted host
 * then starts the wrapped entry the way a desktop client does (its command and args as written, cwd `/`, a bare
 * environment, stderr to a log file) and talks to it with the official SDK client, and the session is recorded and
 * judged; `unwrap` gives back the original file byte for byte.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsonc from "jsonc-parser";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, sdk, tempDir } from "./record-helpers.js";
import { mcpConf, mcpConfProcess } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const CONFIG = [
  "{",
  '    "globalShortcut": "Ctrl+Space",',
  '    "mcpServers": {',
  '        "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },',
  '        "everything": {',
  `            "command": ${JSON.stringify(process.execPath)},`,
  `            "args": [${JSON.stringify(EVERYTHING)}, "stdio"],`,
  '            "env": { "EVERYTHING_NOTE": "kept" }',
  "        }",
  "    }",
  "}",
  "",
].join("\r\n");

describe("wrap a Claude Desktop entry, run it as the desktop app would, unwrap it", () => {
  const config = join(dir.path, "claude_desktop_config.json");
  const home = join(dir.path, "home");

  it("rewrites only that entry, with a backup beside the file", async () => {
    writeFileSync(config, CONFIG);
    // A real process: the entry it writes starts this very binary (`process.argv[1]`).
    const run = mcpConfProcess(["wrap", "everything", "--config", config]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      `mcp-conf wrap: wrapped everything in ${config} (backup: ${config}.mcp-conf-backup); restart claude-desktop to apply\n`,
    );
    expect(readFileSync(`${config}.mcp-conf-backup`, "utf8")).toBe(CONFIG);
    const text = readFileSync(config, "utf8");
    const changed = text.split("\r\n").filter((line, i) => line !== CONFIG.split("\r\n")[i]);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((line) => /^ {12}"(command|args)": /.test(line))).toBe(true);
    expect((await mcpConf(["wrap", "everything", "--config", config])).stderr).toBe(
      "mcp-conf wrap: everything is already wrapped\n",
    );
    expect(readFileSync(config, "utf8")).toBe(text);
  });

  it("a second wrap keeps the first backup (the file before mcp-conf touched it), and a partial unwrap keeps it", async () => {
    const second = join(dir.path, "second.json");
    writeFileSync(second, CONFIG);
    expect((await mcpConf(["wrap", "everything", "--config", second])).code).toBe(0);
    expect((await mcpConf(["wrap", "filesystem", "--config", second])).code).toBe(0);
    expect(readFileSync(`${second}.mcp-conf-backup`, "utf8")).toBe(CONFIG);
    const partial = await mcpConf(["unwrap", "filesystem", "--config", second]);
    expect(partial.stderr).toContain(`(backup: ${second}.mcp-conf-backup)`);
    expect(readFileSync(`${second}.mcp-conf-backup`, "utf8")).toBe(CONFIG);
    expect((await mcpConf(["unwrap", "everything", "--config", second])).code).toBe(0);
    expect(readFileSync(second, "utf8")).toBe(CONFIG);
    expect(existsSync(`${second}.mcp-conf-backup`)).toBe(false);
  });

  it("records and judges a session the host starts from the wrapped entry", async () => {
    const entry = jsonc.parse(readFileSync(config, "utf8")).mcpServers.everything;
    expect(entry.args.slice(1, 4)).toEqual(["watch", "stdio", "--"]);
    mkdirSync(home, { recursive: true });
    const log = join(dir.path, "mcp-server-everything.log");
    const logFd = openSync(log, "a");
    const { Client, StdioClientTransport } = await sdk();
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { HOME: home, PATH: "/usr/bin:/bin", ...entry.env },
      cwd: "/",
      stderr: logFd,
    });
    const client = new Client({ name: "desktop-host", version: "1.0.0" });
    await client.connect(transport);
    const echo = await client.callTool({ name: "echo", arguments: { message: "from the desktop" } });
    expect(JSON.stringify(echo)).toContain("from the desktop");
    await client.close();
    closeSync(logFd);
    await waitFor(() => readFileSync(log, "utf8").includes("trace written to"));
    const printed = readFileSync(log, "utf8");
    expect(printed).toMatch(/mcp-conf watch: .*exchange/);
    const sessions = join(home, ".local", "state", "mcp-conf", "sessions");
    const traces = readdirSync(sessions).filter((name) => name.endsWith(".jsonl"));
    expect(traces).toHaveLength(1);
    const judged = await mcpConf(["validate", join(sessions, traces[0]!), "-f", "json"]);
    const report = JSON.parse(judged.stdout) as { requirements: { outcome: string }[] };
    expect(report.requirements.filter((row) => row.outcome === "pass").length).toBeGreaterThan(10);
  });

  it("unwrap restores the original file byte for byte, and removes the backup once nothing is wrapped", async () => {
    const run = await mcpConf(["unwrap", "everything", "--config", config]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(CONFIG);
    expect(run.stderr).toBe(
      `mcp-conf unwrap: unwrapped everything in ${config} (nothing is wrapped any more, backup removed); restart claude-desktop to apply\n`,
    );
    expect(existsSync(`${config}.mcp-conf-backup`)).toBe(false);
    expect((await mcpConf(["unwrap", "--all", "--config", config])).stderr).toBe(
      `mcp-conf unwrap: nothing to unwrap in ${config}\n`,
    );
  });

  it("--dry-run prints the rewritten entries and changes nothing", async () => {
    const before = readFileSync(config, "utf8");
    const run = await mcpConf(["wrap", "--all", "--dry-run", "--config", config]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"filesystem": { "command": ');
    expect(run.stdout).toContain('"watch", "stdio", "--", "npx", "-y"');
    expect(readFileSync(config, "utf8")).toBe(before);
  });

  it("refuses, in one line and with exit 2, a missing file, a missing server and a URL that is not HTTP", async () => {
    const missing = await mcpConf(["wrap", "x", "--config", join(dir.path, "none.json")]);
    expect(missing).toMatchObject({
      code: 2,
      stderr: `mcp-conf: wrap: ${join(dir.path, "none.json")}: no such file or directory\n`,
    });
    const unknown = await mcpConf(["wrap", "nope", "--config", config]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `mcp-conf: wrap: ${config}: no server "nope" in "mcpServers" (it has "filesystem", "everything")\n`,
    );
    const ws = join(dir.path, "cursor.json");
    writeFileSync(ws, '{ "mcpServers": { "remote": { "url": "ws://localhost:3000/mcp" } } }');
    const remote = await mcpConf(["wrap", "remote", "--client", "cursor", "--config", ws]);
    expect(remote).toMatchObject({
      code: 2,
      stderr: `mcp-conf: wrap: ${ws}: the URL of "remote" is not an http:// or https:// URL\n`,
    });
    expect(existsSync(`${ws}.mcp-conf-backup`)).toBe(false);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(condition()).toBe(true);
}
