/**
 * `watch stdio` as it lives inside an MCP client's configuration: a scripted host launches it the way a desktop
 * client does (command and args as written, its own working directory, stderr to a log file) and drives the real
 * server-everything with the official SDK client, twice with the same relative `-o`. The label is the server's own
 * name, not `node`; the second launch goes to a numbered sibling instead of failing; the log names each session and
 * its trace by absolute path; `--report FILE` takes the report out of the log (equal to what `validate` prints) and
 * `--quiet` keeps only findings and the tally; a server that dies at once is said to have done so.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, EVERYTHING, sdk, tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";
import { run } from "./watch-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** Starts `mcp-conf ARGS` as a desktop client starts a configured server, runs one echo call, and returns its log. */
async function hostSession(args: string[], cwd: string, log: string): Promise<string> {
  mkdirSync(cwd, { recursive: true });
  const logFd = openSync(log, "a");
  const { Client, StdioClientTransport } = await sdk();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: join(dir.path, "home"),
      MCP_CONF_HOME: join(dir.path, "state"),
    },
    cwd,
    stderr: logFd,
  });
  const client = new Client({ name: "desktop-host", version: "1.0.0" });
  await client.connect(transport);
  const pid: number = transport.pid;
  const echo = await client.callTool({ name: "echo", arguments: { message: "hello" } });
  expect(JSON.stringify(echo)).toContain("hello");
  await client.close();
  // Up to 60 s: on a loaded machine the watch process judges and writes its report after the client has gone.
  for (let i = 0; i < 1200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  closeSync(logFd);
  return readFileSync(log, "utf8");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const SERVER = [process.execPath, EVERYTHING, "stdio"];

describe("watch stdio in a client's configuration", () => {
  it("labels by the server's name, keeps the first trace on a second launch, prints absolute paths", async () => {
    const cwd = join(dir.path, "client-cwd");
    const log = join(dir.path, "first.log");
    await hostSession(["watch", "stdio", "-o", "traces/everything.jsonl", "--", ...SERVER], cwd, log);
    const text = await hostSession(["watch", "stdio", "-o", "traces/everything.jsonl", "--", ...SERVER], cwd, log);
    const first = join(cwd, "traces", "everything.jsonl");
    const second = join(cwd, "traces", "everything-2.jsonl");
    const starts = text.match(/^mcp-conf watch: session (\S+) recording to (.+)$/gm) ?? [];
    expect(starts).toHaveLength(2);
    expect(starts[0]).toMatch(new RegExp(`session server-everything-\\d+-[0-9a-f]{12} recording to ${first}$`));
    expect(starts[1]).toMatch(new RegExp(`recording to ${second}$`));
    expect(text).toContain(`mcp-conf watch: trace written to ${first} (`);
    expect(text).toContain(`mcp-conf watch: trace written to ${second} (`);
    expect(text).toContain("MCP trace validation"); // the report, in the log by default
    for (const file of [first, second]) {
      const open = JSON.parse(readFileSync(file, "utf8").split("\n")[0]!);
      expect(open.meta.label).toBe("server-everything");
      expect((await mcpConf(["validate", file])).stdout).toContain("verdict:");
    }
  }, 180_000); // real processes, launched as a client does, on a busy machine

  it("without -o writes one file per session in the state directory, named after the server", async () => {
    const log = join(dir.path, "state.log");
    const text = await hostSession(["watch", "stdio", "--", ...SERVER], join(dir.path, "anywhere"), log);
    const files = readdirSync(join(dir.path, "state", "sessions"));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.every((f) => /^server-everything-\d+-[0-9a-f]{12}\.jsonl$/.test(f))).toBe(true);
    expect(text).toMatch(new RegExp(`recording to ${join(dir.path, "state", "sessions")}/server-everything-`));
  }, 180_000); // real processes, launched as a client does, on a busy machine

  it("mcp-conf [OPTIONS] -- CMD, the short form pasted from mcpsnoop's docs, is watch stdio", async () => {
    const cwd = join(dir.path, "short-form");
    const text = await hostSession(["-o", "short.jsonl", "--", ...SERVER], cwd, join(dir.path, "short.log"));
    expect(text).toMatch(/^mcp-conf watch: session server-everything-\S+ recording to /m);
    expect(text).toContain("MCP trace validation");
    const validated = await mcpConf(["validate", join(cwd, "short.jsonl")]);
    expect(validated.stdout).toContain("verdict:");
  }, 180_000); // real processes, launched as a client does, on a busy machine

  it("--report FILE writes the report validate prints; --quiet leaves only findings and the tally", async () => {
    const cwd = join(dir.path, "quiet");
    const log = join(dir.path, "quiet.log");
    const args = ["watch", "stdio", "--quiet", "--report", "reports/{session}.txt", "-o", "t.jsonl", "--", ...SERVER];
    const text = await hostSession(args, cwd, log);
    expect(text).not.toContain("MCP trace validation");
    expect(text).not.toContain("recording to");
    expect(text).not.toContain("trace written to");
    expect(text).not.toContain("report written to");
    const ours = text.split("\n").filter((line) => line.startsWith("mcp-conf watch:"));
    expect(ours.at(-1)).toMatch(/^mcp-conf watch: \d+ exchange\(s\); findings so far: \d+ fail, \d+ warn$/);
    // Every line of ours is a finding or the tally (a finding's spec and see lines are indented).
    for (const line of ours) expect(line).toMatch(/^mcp-conf watch: (FAIL|WARN) |exchange\(s\); findings so far/);
    const [report] = readdirSync(join(cwd, "reports"));
    expect(report).toMatch(/^server-everything-\d+-[0-9a-f]{12}\.txt$/);
    const validated = await mcpConf(["validate", join(cwd, "t.jsonl")]);
    expect(readFileSync(join(cwd, "reports", report!), "utf8")).toBe(validated.stdout);
  }, 180_000); // real processes, launched as a client does, on a busy machine

  it("says the server exited before the session started, not how to pick a revision", async () => {
    const result = await run(process.execPath, [
      BIN,
      "watch",
      "stdio",
      "-o",
      join(dir.path, "early.jsonl"),
      "--",
      process.execPath,
      "-e",
      "console.error('missing API key'); process.exit(4)",
    ]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("missing API key\n");
    expect(result.stderr).toContain("mcp-conf watch: no report: server exited with 4 before the session started\n");
    expect(result.stderr).not.toContain("--revision");
  }, 180_000); // real processes, launched as a client does, on a busy machine
});
