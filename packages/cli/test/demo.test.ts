/**
 * `mcp-conf demo`, as the README's first command runs it: a real server-everything driven by the official SDK
 * client through `watch stdio`, showing a live finding, the report and where the trace went — quickly; then a
 * 2026-07-28 session of the official SDK v2 client and server.
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

describe("mcp-conf demo", () => {
  it("is the README's first command, after install and build", () => {
    expect(readmeDemoCommand()).toMatch(/&& pnpm -s mcp-conf demo$/);
  });

  it("shows a live finding, the report and the trace", async () => {
    // Its CPU (target under 15 s) is bench/startup's demo figure: a bound here failed on a loaded machine.
    const home = tempDir();
    const { code, stdout, stderr } = await run("pnpm", ["-s", "mcp-conf", "demo"], { MCP_CONF_HOME: home });
    expect(code).toBe(0);
    expect(stdout).toBe("");

    const live = stderr.indexOf("mcp-conf watch: FAIL BASE-005 (MUST NOT) seq ");
    const report = stderr.indexOf("MCP trace validation — revision 2025-11-25");
    expect(live).toBeGreaterThan(0);
    expect(report).toBeGreaterThan(live);
    expect(stderr).toContain("verdict: fail");
    // In the workspace the peers resolve from the project (the SDK v2 packages export no package.json): no install.
    expect(stderr).not.toContain("installing the demo's peers");
    // Run as the README runs it (the workspace's script), it points at the viewer the same way.
    expect(stderr.trimEnd().split("\n").at(-1)).toBe(
      "mcp-conf demo: explore the session in your browser: pnpm -s mcp-conf open (every recorded session; this one is the newest)",
    );
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

    // Then the 2026-07-28 session: the SDK v2 client and server, one watched process, a report of its own.
    expect(stderr.indexOf("MCP trace validation — revision 2026-07-28")).toBeGreaterThan(report);
    const traces = [...stderr.matchAll(/^mcp-conf watch: trace written to (\S+) \((\d+) events\)$/gm)];
    expect(traces).toHaveLength(2);
    const modernMethods: string[] = [];
    for await (const event of readTraceFile(traces[1]![1]!)) {
      const method = event.kind === "message" ? (event.payload as { method?: unknown }).method : undefined;
      if (typeof method === "string") modernMethods.push(method);
    }
    expect(modernMethods[0]).toBe("server/discover");
    expect(modernMethods).not.toContain("initialize");
    for (const method of ["tools/list", "tools/call", "prompts/get", "resources/read"]) {
      expect(modernMethods).toContain(method);
    }
  }, 180_000);
});
