/**
 * A bad entry in the sessions directory (issue 31, item 6): a symbolic link that loops made `sessions ls`, `prune`
 * and every command that takes the newest session exit 70 with "internal error: ELOOP". It is skipped and reported;
 * the listing never fails for it.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "./record-helpers.js";
import { mcpConf as inProcess } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
const home = join(dir.path, "state");
const sessions = join(home, "sessions");
mkdirSync(sessions, { recursive: true });
const trace = [
  { seq: 0, direction: "client-to-server", transport: "stdio", kind: "lifecycle", event: "transport-open" },
  { seq: 1, direction: "client-to-server", transport: "stdio", kind: "lifecycle", event: "transport-close" },
];
writeFileSync(join(sessions, "good-1-0123456789ab.jsonl"), trace.map((e) => `${JSON.stringify(e)}\n`).join(""));
symlinkSync(join(sessions, "loop.jsonl"), join(sessions, "loop.jsonl"));

const mcpConf = (args: string[]) => inProcess(args, "", { MCP_CONF_HOME: home }, dir.path);

describe("a looping symbolic link in sessions/", () => {
  it("sessions ls lists the others and names the skipped entry on stderr", async () => {
    const run = await mcpConf(["sessions", "ls"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("good-1-0123456789ab");
    expect(run.stderr).toBe('mcp-conf sessions: skipped "loop.jsonl" in the sessions directory (ELOOP)\n');
  });

  it("sessions prune goes on without it", async () => {
    const run = await mcpConf(["sessions", "prune", "--older-than", "30d", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("ELOOP");
  });

  it("a command that takes the newest session finds the good one", async () => {
    const run = await mcpConf(["export", "-T", "text"]);
    expect(run.stderr).not.toContain("internal error");
    expect(run.code).toBe(0);
  });
});

describe("sessions prune and a live recording (issue 31, item 12)", () => {
  it("never deletes the trace of a session still being recorded, however long idle", async () => {
    const { spawn } = await import("node:child_process");
    const { existsSync, readdirSync, utimesSync } = await import("node:fs");
    const { BIN } = await import("./record-helpers.js");
    const liveHome = join(dir.path, "live");
    const recorder = spawn(
      process.execPath,
      [BIN, "record", "stdio", "--label", "idle", "--", process.execPath, "-e", "setInterval(() => {}, 1000)"],
      { env: { ...process.env, MCP_CONF_HOME: liveHome }, stdio: ["pipe", "ignore", "pipe"] },
    );
    try {
      const liveSessions = join(liveHome, "sessions");
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(existsSync(liveSessions) && readdirSync(liveSessions).length > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [name] = readdirSync(liveSessions);
      const path = join(liveSessions, name!);
      // The file is created before the recorder's writer thread opens it for the session.
      const { openTraces } = await import("@mcp-conf/gate");
      while (Date.now() < deadline && openTraces([path]).size === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 500)); // its first lines written: then idle
      const longAgo = new Date(Date.now() - 3_600_000);
      utimesSync(path, longAgo, longAgo);
      const run = await inProcess(
        ["sessions", "prune", "--older-than", "2s", "--yes"],
        "",
        { MCP_CONF_HOME: liveHome },
        dir.path,
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("kept 1 session(s) still being recorded");
      expect(existsSync(path)).toBe(true);
    } finally {
      recorder.kill("SIGTERM");
      await new Promise((resolve) => recorder.once("exit", resolve));
    }
  }, 60_000);
});
