/**
 * docs/otel.md cannot lie: every ```console block in it is run in bash from the repository root, `mcp-conf` standing
 * for the built binary, and its transcript must match the block (`$ ` starts a command; the lines up to the next
 * command are its expected output, stdout and stderr together).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const BIN = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");

interface Step {
  command: string;
  expected: string[];
}

function consoleBlocks(markdown: string): Step[][] {
  const blocks: Step[][] = [];
  const fence = /```console\n([\s\S]*?)```/g;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    const steps: Step[] = [];
    for (const line of match[1]!.replace(/\n$/, "").split("\n")) {
      if (line.startsWith("$ ")) steps.push({ command: line.slice(2), expected: [] });
      else steps[steps.length - 1]?.expected.push(line);
    }
    blocks.push(steps);
  }
  return blocks;
}

/** Runs a block's commands in one bash session; returns each command's output lines. */
function runBlock(steps: Step[]): string[][] {
  const marker = "@@mcp-conf-otel-docs-step@@";
  const script = [
    "set +e",
    `mcp-conf() { node ${JSON.stringify(BIN)} "$@"; }`,
    "status=0",
    ...steps.flatMap((step) => [`echo ${marker}`, "(exit $status)", `${step.command} 2>&1`, "status=$?"]),
  ].join("\n");
  const run = spawnSync("bash", ["-c", script], { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return run.stdout
    .split(`${marker}\n`)
    .slice(1)
    .map((out) => (out === "" ? [] : out.replace(/\n$/, "").split("\n")));
}

describe("docs/otel.md", () => {
  const blocks = consoleBlocks(readFileSync(join(REPO_ROOT, "docs", "otel.md"), "utf8"));

  it("has examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((steps, i) => [i + 1, steps] as const))("example %i prints what the manual shows", (_n, steps) => {
    const outputs = runBlock(steps);
    expect(outputs).toHaveLength(steps.length);
    steps.forEach((step, i) => {
      expect(outputs[i], `$ ${step.command}`).toEqual(step.expected);
    });
  });
});
