/**
 * `mcp-conf watch` against real processes: the seed's example session replayed through `watch stdio` (and checked
 * against docs/watch.md), the end-of-session report equal to `validate`'s, a judge slowed on purpose that never
 * slows the session, and the exit codes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConf } from "./validate-helpers.js";
import {
  BIN,
  CHATTY,
  CORPUS,
  REPO_ROOT,
  replayThroughWatch,
  run,
  streamNotifications,
  tempDir,
} from "./watch-helpers.js";

const TOOL_006 = join(CORPUS, "violations", "tool-006-name-charset.jsonl");

/** The lines of a fenced block that follows `<!-- example: NAME -->` in a docs page. */
function docExample(page: string, name: string): string[] {
  const text = readFileSync(join(REPO_ROOT, "docs", page), "utf8");
  const marker = text.indexOf(`<!-- example: ${name} -->`);
  if (marker === -1) throw new Error(`docs/${page} has no example ${name}`);
  const start = text.indexOf("\n", text.indexOf("```", marker)) + 1;
  return text.slice(start, text.indexOf("```", start)).replace(/\n$/, "").split("\n");
}

describe("watch stdio, replaying the tool-name charset session", () => {
  it("prints the two WARN findings with their clause and URL, the tally, then the report validate prints", async () => {
    const dir = tempDir();
    const trace = join(dir, "session.jsonl");
    const { code, stdout, stderr } = await replayThroughWatch(TOOL_006, trace);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    const [start, ...lines] = stderr.split("\n");
    expect(start).toMatch(new RegExp(`^mcp-conf watch: session \\S+ recording to ${trace}$`));

    const live = docExample("watch.md", "watch-tool-006");
    expect(lines.slice(0, live.length)).toEqual(live);

    const validated = await mcpConf(["validate", trace]);
    expect(validated.code).toBe(0);
    const reportStart = stderr.indexOf("MCP trace validation");
    expect(reportStart).toBeGreaterThan(0);
    expect(stderr.slice(reportStart, reportStart + validated.stdout.length)).toBe(validated.stdout);

    const end = docExample("watch.md", "watch-tool-006-end");
    const afterReport = stderr.slice(reportStart + validated.stdout.length).split("\n");
    const tail = [...validated.stdout.trimEnd().split("\n").slice(-3), ...afterReport.slice(0, 1)];
    expect(tail).toEqual(end);
    expect(afterReport[1]).toBe(`mcp-conf watch: trace written to ${trace} (7 events)`);
  });
});

describe("watch behind a judge slowed on purpose", () => {
  const SLOW_PASS_MS = 50;

  it("delivers 200 notifications 2 ms apart behind a judge sleeping 50 ms a pass, and still prints every finding", async () => {
    // How much later the last notification arrives than without watch is bench/watch's pacing figure (a ratio
    // against the direct run, measured in the same run): a wall-clock bound here failed on a loaded machine.
    const dir = tempDir();
    const lastWatch = await streamNotifications(
      process.execPath,
      [BIN, "watch", "stdio", "-o", join(dir, "t.jsonl"), "--", process.execPath, CHATTY, "200", "2"],
      200,
      { MCP_CONF_WATCH_SLOW_PASS_MS: String(SLOW_PASS_MS) },
    );
    expect(lastWatch.received).toBe(200);

    // Every finding still arrives: each of the report's LOG-001 findings was printed, live or at the end.
    const printed = lastWatch.stderr.split("\n").filter((line) => line.startsWith("mcp-conf watch: FAIL LOG-001"));
    const inReport = lastWatch.stderr.match(/^ {8}\[server\] seq \d+: /gm) ?? [];
    expect(printed.length).toBe(200);
    expect(inReport.length).toBe(200);
    expect(lastWatch.stderr).toContain("mcp-conf watch: 202 exchange(s); findings so far: 200 fail, 0 warn\n");
  }, 120_000);
});

describe("watch exit codes", () => {
  it("exits with the server's code", async () => {
    const dir = tempDir();
    const script = "process.stdin.resume(); process.stdin.on('end', () => process.exit(3))";
    const result = await run(process.execPath, [
      BIN,
      "watch",
      "stdio",
      "-o",
      join(dir, "t.jsonl"),
      "--",
      process.execPath,
      "-e",
      script,
    ]);
    expect(result.code).toBe(3);
    // The server never answered: that is what the user needs to hear, not advice about --revision.
    expect(result.stderr).toContain("mcp-conf watch: no report: server exited with 3 before the session started\n");
    expect(result.stderr).not.toContain("--revision");
  });

  it("refuses an unknown revision in one line, exit 2", async () => {
    const result = await mcpConf(["watch", "stdio", "--revision", "1999-01-01", "--", "cat"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcp-conf: watch: unknown revision "1999-01-01" (known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28)\n',
    );
  });
});
