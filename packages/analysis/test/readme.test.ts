/**
 * The README cannot lie: its example is written into this package (so `@mcp-conf/analysis` resolves to the built
 * package by its own name), run from the repository root, and must print the text block after it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..");

it("the README's example prints what the README shows", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  const expected = /```text\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(code).toBeDefined();
  expect(expected).toBeDefined();
  const script = join(packageDir, `.readme-example-${process.pid}.mts`);
  writeFileSync(script, code!);
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      cwd: join(packageDir, "..", ".."),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(expected);
  } finally {
    rmSync(script, { force: true });
  }
});
