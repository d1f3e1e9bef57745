/**
 * The README's example is executed, not copied: its ```ts block is written as a test file into a temporary project
 * that depends on the built packages (linked as node_modules), next to a real corpus trace, and run with vitest as
 * a user's suite would run it. Both of its tests must pass, and it must type-check under strict settings.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exampleBlock } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { corpusTraces, REPO_ROOT } from "./corpus-files.js";

describe("packages/validator/README.md", () => {
  it("its vitest example runs green in a user's project against the built package", { timeout: 120_000 }, () => {
    const readme = readFileSync(join(REPO_ROOT, "packages", "validator", "README.md"), "utf8");
    const code = exampleBlock(readme, "vitest");
    const project = mkdtempSync(join(tmpdir(), "mcp-conf-readme-"));
    mkdirSync(join(project, "node_modules", "@mcp-conf"), { recursive: true });
    symlinkSync(join(REPO_ROOT, "packages", "validator"), join(project, "node_modules", "@mcp-conf", "validator"));
    symlinkSync(
      join(REPO_ROOT, "packages", "trace-format"),
      join(project, "node_modules", "@mcp-conf", "trace-format"),
    );
    symlinkSync(join(REPO_ROOT, "node_modules", "vitest"), join(project, "node_modules", "vitest"));
    writeFileSync(join(project, "package.json"), '{ "name": "readme-example", "private": true, "type": "module" }\n');
    writeFileSync(join(project, "example.test.ts"), `${code}\n`);
    // A config of its own, so vitest does not pick up one from a parent directory.
    writeFileSync(join(project, "vitest.config.mjs"), 'export default { test: { include: ["example.test.ts"] } };\n');
    mkdirSync(join(project, "traces"));
    const session = corpusTraces("good", "2025-11-25")[0];
    expect(session, "a good corpus trace to stand for the user's recording").toBeDefined();
    copyFileSync(session!.path, join(project, "traces", "session.jsonl"));

    const run = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, "node_modules", "vitest", "vitest.mjs"),
        "run",
        "--root",
        project,
        "--config",
        join(project, "vitest.config.mjs"),
      ],
      { cwd: project, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0", MCP_CONF_TEST_JSON: "" } },
    );
    // A user's type-check passes too: the package's declarations carry the example under strict settings.
    symlinkSync(join(REPO_ROOT, "node_modules", "@types"), join(project, "node_modules", "@types"));
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
        },
        files: ["example.test.ts"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", project],
      {
        cwd: project,
        encoding: "utf8",
      },
    );
    rmSync(project, { recursive: true, force: true });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
    const output = `${run.stdout}\n${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, "");
    expect(output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(run.status, output).toBe(0);
  });
});
