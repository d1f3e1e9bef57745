/**
 * `mcp-conf export` with no TRACE exports the newest recorded session of the state directory (two real
 * server-everything sessions copied in with different times), and says so in one line when there is none.
 */
import { copyFileSync, mkdirSync, mkdtempSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConf, REPO_ROOT } from "./validate-helpers.js";

function exportIn(home: string, args: string[]) {
  return mcpConf(["export", ...args], undefined, { MCP_CONF_HOME: home });
}

describe("export with no TRACE", () => {
  it("exports the newest recorded session, and refuses in one line when there is none", async () => {
    const home = mkdtempSync(join(tmpdir(), "mcp-conf-newest-"));
    const sessions = join(home, "sessions");
    expect(await exportIn(home, ["-T", "text"])).toEqual({
      code: 2,
      stdout: "",
      stderr: `mcp-conf: export: no TRACE given and no recorded session in ${sessions}\n`,
    });
    mkdirSync(sessions, { recursive: true });
    const real = join(REPO_ROOT, "corpus", "2025-11-25", "real");
    const older = join(sessions, "everything-1-aaaaaaaaaaaa.jsonl");
    const newer = join(sessions, "everything-2-bbbbbbbbbbbb.jsonl");
    copyFileSync(join(real, "everything-http.jsonl"), older);
    copyFileSync(join(real, "everything-stdio.jsonl"), newer);
    utimesSync(older, new Date(2026, 0, 1), new Date(2026, 0, 1));
    utimesSync(newer, new Date(2026, 0, 2), new Date(2026, 0, 2));
    const newest = await exportIn(home, ["-T", "json"]);
    expect(newest.code, newest.stderr).toBe(0);
    expect(newest.stdout).toBe((await exportIn(home, ["-T", "json", newer])).stdout);
    expect(newest.stdout).not.toBe((await exportIn(home, ["-T", "json", older])).stdout);
  }, 120_000);
});
