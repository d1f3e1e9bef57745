/**
 * docs/otel.md and docs/export.md cannot lie: every ```console block in it is run in bash from the repository root, `mcp-conf` standing
 * for the built binary, and its transcript must match the block (`$ ` starts a command; the lines up to the next
 * command are its expected output, stdout and stderr together).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { consoleBlocks, runConsoleBlock } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const BIN = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");
const MCP_CONF = `mcp-conf() { node ${JSON.stringify(BIN)} "$@"; }`;

describe.each(["otel.md", "export.md"])("docs/%s", (page) => {
  const blocks = consoleBlocks(readFileSync(join(REPO_ROOT, "docs", page), "utf8"));

  it("has examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((steps, i) => [i + 1, steps] as const))("example %i prints what the manual shows", (_n, steps) => {
    const outputs = runConsoleBlock(steps, { cwd: REPO_ROOT, setup: [MCP_CONF] });
    expect(outputs).toHaveLength(steps.length);
    steps.forEach((step, i) => {
      expect(outputs[i], `$ ${step.command}`).toEqual(step.expected);
    });
  });
});
