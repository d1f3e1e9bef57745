/**
 * docs/install.md cannot lie: its examples run in bash with a temporary HOME, `cd mcp-conf` standing for this
 * checkout (already installed and built by the test run, so the page's install-and-build line is not run again),
 * and the `mcp-conf` they find is the one the page put on the PATH — the link into the checkout, then the packed
 * tarballs installed with npm.
 */
import { existsSync, lstatSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { consoleBlocks, outputMatches, runConsoleBlock } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const BUILT = "pnpm install --frozen-lockfile && pnpm build";
const markdown = readFileSync(join(REPO_ROOT, "docs", "install.md"), "utf8");
const blocks = consoleBlocks(markdown);
const home = dir.path;

function run(block: number) {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(npm_|pnpm_)/i.test(key)) env[key] = value;
  const steps = blocks[block]!;
  const outputs = runConsoleBlock(steps, {
    cwd: home,
    env: { ...env, HOME: home, PATH: `${join(home, ".local", "bin")}:${process.env.PATH}`, FORCE_COLOR: "0" },
    commandLine: (command) =>
      `{ ${command.replace("cd mcp-conf", `cd ${JSON.stringify(REPO_ROOT)}`).replace(BUILT, "true")}\n} 2>&1`,
    timeout: 300_000,
  });
  steps.forEach((step, i) => {
    expect(outputMatches(outputs[i] ?? [], step.expected), `${step.command}\n${outputs[i]?.join("\n")}`).toBe(true);
  });
}

describe("docs/install.md", () => {
  it("has its three examples, the install-and-build line among them", () => {
    expect(blocks).toHaveLength(3);
    expect(markdown).toContain(`$ ${BUILT}`);
  });

  it("from a checkout: a link to the built executable", () => {
    run(0);
    const link = join(home, ".local", "bin", "mcp-conf");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(realpathSync(link)).toBe(join(REPO_ROOT, "packages", "cli", "dist", "bin.js"));
  });

  it("from the packed tarballs installed with npm: a link into that install", () => {
    run(1);
    expect(existsSync(join(home, ".mcp-conf", "node_modules", "@mcp-conf", "validator", "package.json"))).toBe(true);
    expect(realpathSync(join(home, ".local", "bin", "mcp-conf"))).toBe(
      join(realpathSync(home), ".mcp-conf", "node_modules", "@mcp-conf", "cli", "dist", "bin.js"),
    );
  }, 300_000);

  it("completion: the script's first line", () => run(2));
});
