/**
 * docs/privacy.md cannot lie: each ```console block runs in one bash session in a fresh directory, with `mcp-conf`
 * standing for the built binary and `my-server.js` for server-everything (see docs-examples.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { consoleBlocks, outputMatches, runConsoleBlock } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { docsWorkspace, sessionIn } from "./docs-examples.js";
import { REPO_ROOT, tempDir } from "./record-helpers.js";

const markdown = readFileSync(join(REPO_ROOT, "docs", "privacy.md"), "utf8");
const blocks = consoleBlocks(markdown);
const dir = tempDir();
afterAll(() => dir.remove());

describe("docs/privacy.md", () => {
  it("shows a bad rule refused, and a secret kept off the trace but not off the wire", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(markdown).toContain("--redact-secrets --redact-key password");
  });

  it("every console example prints what the page says it prints", () => {
    const session = sessionIn(docsWorkspace(join(dir.path, "work")), (text) => text);
    for (const steps of blocks) {
      const outputs = runConsoleBlock(steps, session);
      steps.forEach((step, i) => {
        const actual = outputs[i] ?? [];
        expect(outputMatches(actual, step.expected), `$ ${step.command}\n--- got:\n${actual.join("\n")}`).toBe(true);
      });
    }
  }, 120_000);
});
