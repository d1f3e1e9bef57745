/**
 * docs/privacy.md, docs/wrap.md, docs/diff.md, docs/watch.md, docs/config.md, docs/check.md, docs/sessions.md and docs/view.md cannot
 * lie: each ```console block of a page runs in one bash session in a fresh directory of its own, with `mcp-conf`
 * standing for the built binary and `my-server.js` for server-everything (see
 * docs-examples.ts), and prints what the page says it prints.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { consoleBlocks, outputMatches, runConsoleBlock } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { docsWorkspace, sessionIn } from "./docs-examples.js";
import { REPO_ROOT, tempDir } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** Each page, and a phrase that shows it holds the examples it must. */
const PAGES = [
  { page: "privacy.md", shows: "--redact-secrets --redact-key password" },
  { page: "wrap.md", shows: "cmp before.json claude_desktop_config.json" },
  { page: "diff.md", shows: "mcp-conf baseline tuesday.jsonl --baseline baselines --accept" },
  { page: "watch.md", shows: "--quiet --report report.txt" },
  { page: "config.md", shows: "--no-config -o plain.jsonl" },
  { page: "check.md", shows: "--fail-on fail,drift --baseline baselines" },
  { page: "sessions.md", shows: "mcp-conf sessions prune --older-than 30d --yes" },
  { page: "view.md", shows: "mcp-conf open trace.jsonl" },
];

describe.each(PAGES)("docs/$page", ({ page, shows }) => {
  const markdown = readFileSync(join(REPO_ROOT, "docs", page), "utf8");
  const blocks = consoleBlocks(markdown);

  it("has its examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(markdown).toContain(shows);
  });

  it("every console example prints what the page says it prints", () => {
    const session = sessionIn(docsWorkspace(join(dir.path, page)), (text) => text);
    for (const steps of blocks) {
      const outputs = runConsoleBlock(steps, session);
      steps.forEach((step, i) => {
        const actual = outputs[i] ?? [];
        expect(outputMatches(actual, step.expected), `$ ${step.command}\n--- got:\n${actual.join("\n")}`).toBe(true);
      });
    }
  }, 300_000);
});
