/** The README's hub example, run as a user would (by the package's own name, with tsx), prints what the README shows. */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exampleBlock } from "@mcp-conf/testing";
import { expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..");

it("the README's hub example lists the directory's session with its verdict", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const script = join(packageDir, `.hub-example-${process.pid}.mts`);
  writeFileSync(script, exampleBlock(readme, "hub"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      cwd: join(packageDir, "..", ".."),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${exampleBlock(readme, "hub output")}\n`);
  } finally {
    rmSync(script, { force: true });
  }
});
