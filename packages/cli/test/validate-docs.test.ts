/**
 * The manual cannot lie: every ```console block in docs/validate.md and docs/cli.md is run in bash from the
 * repository root, with `mcp-conf` standing for the built binary, and its transcript must match the block. In a
 * block, `$ ` starts a command and the lines up to the next command are its expected output (stdout and stderr
 * together); a line holding only `…` stands for any number of lines.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { consoleBlocks, runConsoleBlock } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { BIN, REPO_ROOT } from "./validate-helpers.js";

const MCP_CONF = `mcp-conf() { node ${JSON.stringify(BIN)} "$@"; }`;

/** Whether `actual` matches `expected`, where a `…` line in `expected` matches any run of lines. */
export function matchesWithElision(actual: string[], expected: string[]): boolean {
  const segments: string[][] = [[]];
  for (const line of expected) {
    if (line === "…") segments.push([]);
    else segments[segments.length - 1]!.push(line);
  }
  const startsOpen = expected[0] === "…";
  const endsOpen = expected[expected.length - 1] === "…";
  if (segments.length === 1) return actual.join("\n") === expected.join("\n");
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  if (!startsOpen && actual.slice(0, first.length).join("\n") !== first.join("\n")) return false;
  if (!endsOpen && actual.slice(actual.length - last.length).join("\n") !== last.join("\n")) return false;
  let position = first.length;
  const end = actual.length - last.length;
  for (const segment of segments.slice(1, -1)) {
    let found = -1;
    for (let i = position; i + segment.length <= end; i++) {
      if (segment.every((line, k) => actual[i + k] === line)) {
        found = i;
        break;
      }
    }
    if (found === -1) return false;
    position = found + segment.length;
  }
  return position <= end;
}

describe.each(["docs/validate.md", "docs/cli.md"])("%s", (doc) => {
  const blocks = consoleBlocks(readFileSync(join(REPO_ROOT, doc), "utf8"));

  it("has examples", () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((steps, i) => [i + 1, steps] as const))("example %i prints what the manual shows", (_n, steps) => {
    const outputs = runConsoleBlock(steps, {
      cwd: REPO_ROOT,
      env: { ...process.env, FORCE_COLOR: "0" },
      setup: [MCP_CONF],
    });
    expect(outputs).toHaveLength(steps.length);
    steps.forEach((step, i) => {
      const actual = outputs[i]!;
      expect(
        matchesWithElision(actual, step.expected),
        `$ ${step.command}\n--- expected\n${step.expected.join("\n")}\n--- actual\n${actual.join("\n")}`,
      ).toBe(true);
    });
  });
});

describe("elision matching", () => {
  it("matches exact text, and … as any run of lines (including none)", () => {
    expect(matchesWithElision(["a", "b"], ["a", "b"])).toBe(true);
    expect(matchesWithElision(["a", "b"], ["a"])).toBe(false);
    expect(matchesWithElision(["a", "x", "y", "b"], ["a", "…", "b"])).toBe(true);
    expect(matchesWithElision(["a", "b"], ["a", "…", "b"])).toBe(true);
    expect(matchesWithElision(["a", "x", "c", "y", "b"], ["a", "…", "c", "…", "b"])).toBe(true);
    expect(matchesWithElision(["a", "x", "y", "b"], ["a", "…", "c", "…", "b"])).toBe(false);
    expect(matchesWithElision(["x", "a"], ["…", "a"])).toBe(true);
    expect(matchesWithElision(["a"], ["a", "…", "a"])).toBe(false);
  });
});
