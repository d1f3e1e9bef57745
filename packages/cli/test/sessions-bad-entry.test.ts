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
