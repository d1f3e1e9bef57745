/**
 * A package README cannot lie: its ```ts example is written into the package (so the package's own name resolves to
 * its built self), run from the repository root, and must print the README's ```text block. Shared by the packages'
 * readme tests.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

export function expectReadmeExampleToPrintItsOutput(packageDir: string): void {
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
}
