/** The README's hub and live-view examples, run as a user would (by the package's own name, with tsx), print what the README shows. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exampleBlock, runPackageExample } from "@mcp-conf/testing";
import { expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..");

const readme = readFileSync(join(packageDir, "README.md"), "utf8");

it.each([
  ["hub", "lists the directory's session with its verdict"],
  ["live view", "serves the view it feeds and says how a browser would open it"],
])("the README's %s example %s", (name) => {
  const run = runPackageExample(packageDir, exampleBlock(readme, name), 60_000);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(`${exampleBlock(readme, `${name} output`)}\n`);
});
