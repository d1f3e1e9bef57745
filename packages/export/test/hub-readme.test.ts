/** The README's hub example, run as a user would (by the package's own name, with tsx), prints what the README shows. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exampleBlock, runPackageExample } from "@mcp-conf/testing";
import { expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..");

it("the README's hub example lists the directory's session with its verdict", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const run = runPackageExample(packageDir, exampleBlock(readme, "hub"), 60_000);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(`${exampleBlock(readme, "hub output")}\n`);
});
