/**
 * `mcp-conf demo`, as the README's first command runs it: a real server-everything driven by the official SDK
 * client through `watch stdio`, showing a live finding, the report and where the trace went — quickly.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readTraceFile } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, run, tempDir } from "./watch-helpers.js";

/** The README's demo command: the block after `<!-- demo-command -->`. */
function readmeDemoCommand(): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const block = readme.slice(readme.indexOf("<!-- demo-command -->"));
  const start = block.indexOf("\n", block.indexOf("```")) + 1;
  return block.slice(start, block.indexOf("```", start)).trim();
}

/** `1m2.500s` (bash's `times`) in seconds. */
function seconds(text: string): number {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (!match) throw new Error(`not a time from bash's times: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

describe("mcp-conf demo", () => {
  it("is the README's first command, after install and build", () => {
    expect(readmeDemoCommand()).toMatch(/&& pnpm -s mcp-conf demo$/);
  });

  it("shows a live finding, the report and the trace, in under 15 seconds of CPU", async () => {
    const home = tempDir();
    // bash's `times` prints the CPU time of the processes it ran and their children (user, then system, for the
    // shell and for its children): CPU, not wall time, so that a busy machine cannot fail the test.
    const script = "pnpm -s mcp-conf demo; status=$?; times >&2; exit $status";
    const { code, stdout, stderr: printed } = await run("bash", ["-c", script], { MCP_CONF_HOME: home });
    const timesAt = printed.trimEnd().lastIndexOf("\n", printed.trimEnd().lastIndexOf("\n") - 1);
    const stderr = printed.slice(0, timesAt + 1);
    const [user, system] = printed
      .slice(timesAt + 1)
      .trim()
      .split("\n")[1]!
      .split(/\s+/)
      .map(seconds);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(user! + system!).toBeLessThan(15);

    const live = stderr.indexOf("mcp-conf watch: FAIL BASE-005 (MUST NOT) seq ");
    const report = stderr.indexOf("MCP trace validation — revision 2025-11-25");
    expect(live).toBeGreaterThan(0);
    expect(report).toBeGreaterThan(live);
    expect(stderr).toContain("verdict: fail");
    expect(stderr).toMatch(
      /^mcp-conf demo: tools\/call trigger-long-running-operation: [1-4] progress notification\(s\)$/m,
    );

    const written = stderr.match(/^mcp-conf watch: trace written to (\S+) \((\d+) events\)$/m);
    expect(written?.[1]).toContain(join(home, "sessions"));
    const methods = new Set<string>();
    for await (const event of readTraceFile(written![1]!)) {
      const method = event.kind === "message" ? (event.payload as { method?: unknown }).method : undefined;
      if (typeof method === "string") methods.add(method);
    }
    for (const method of ["initialize", "tools/list", "tools/call", "resources/read", "prompts/get", "ping"]) {
      expect(methods).toContain(method);
    }
    expect(methods).toContain("notifications/progress");
  }, 60_000);
});
