/**
 * The start-up paths: `--version` is answered before the argument parser loads, and help is still laid out in full
 * when asked for (commands no longer lay it out before they run).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConf, mcpConfProcess, REPO_ROOT } from "./validate-helpers.js";

const version = (
  JSON.parse(readFileSync(join(REPO_ROOT, "packages", "cli", "package.json"), "utf8")) as { version: string }
).version;

describe("start-up", () => {
  it("--version and -V print the package's version and nothing else", () => {
    for (const flag of ["--version", "-V"])
      expect(mcpConfProcess([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("help is laid out when asked for, for the command line and for one command", async () => {
    const top = await mcpConf(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/mcp-conf validate <trace\.\.>\s+Judge recorded traces/);
    const one = await mcpConf(["validate", "--help"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/--format\s+report format/);
  });
});
