/**
 * The machinery behind the tests that keep the docs and READMEs honest. Docs pages: pull the ```console blocks out
 * of a page and run each block's commands in one bash session (`$ ` starts a command; the lines up to the next
 * command are its expected output, stdout and stderr together; `outputMatches` compares with `…` elisions).
 * READMEs: pull a fenced block out, and run a TypeScript example as a user would, by the package's own name.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

/** The first fenced block of `markdown` in `language` (```ts, ```text, …), or undefined. */
export function fencedBlock(markdown: string, language: string): string | undefined {
  return new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(markdown)?.[1];
}

/** The fenced block that follows `<!-- example: NAME -->`. */
export function exampleBlock(markdown: string, name: string): string {
  const marker = `<!-- example: ${name} -->`;
  const start = markdown.indexOf(marker);
  if (start === -1) throw new Error(`no ${marker}`);
  const match = /```[a-z]*\n([\s\S]*?)\n```/.exec(markdown.slice(start));
  if (!match) throw new Error(`no code block after ${marker}`);
  return match[1]!;
}

/**
 * A package README cannot lie: its ```ts example is written into the package (so the package's own name resolves
 * to its built self), run with tsx from the repository root, and must print the README's ```text block.
 */
export function expectReadmeExampleToPrintItsOutput(packageDir: string): void {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const code = fencedBlock(readme, "ts");
  const expected = fencedBlock(readme, "text");
  expect(code).toBeDefined();
  expect(expected).toBeDefined();
  const run = runPackageExample(packageDir, code!);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(expected);
}

/**
 * Runs TypeScript `code` as a user of the package in `packageDir` would: written into the package (so its own name
 * resolves to its built self) and run with tsx from the repository root. Returns what it printed.
 */
export function runPackageExample(
  packageDir: string,
  code: string,
  timeoutMs = 30_000,
): { stdout: string; stderr: string; status: number | null } {
  const script = join(packageDir, `.readme-example-${process.pid}.mts`);
  writeFileSync(script, code);
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      cwd: join(packageDir, "..", ".."),
      encoding: "utf8",
      timeout: timeoutMs,
    });
    return { stdout: run.stdout, stderr: run.stderr, status: run.status };
  } finally {
    rmSync(script, { force: true });
  }
}

export interface Step {
  command: string;
  expected: string[];
}

/** The ```console blocks of `markdown`, each as its commands with their expected output lines. */
export function consoleBlocks(markdown: string): Step[][] {
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

export interface BashSession {
  cwd: string;
  /** The session's environment; the test process's own when absent. */
  env?: NodeJS.ProcessEnv;
  /** Bash lines run before the first command, e.g. to define `mcp-conf`. */
  setup?: string[];
  /** The bash that runs `command` with its stderr folded into stdout; `COMMAND 2>&1` when absent. */
  commandLine?: (command: string) => string;
  timeout?: number;
}

/** Runs a block's commands in one bash session and returns each command's output lines. */
export function runConsoleBlock(steps: Step[], session: BashSession): string[][] {
  const marker = "@@mcp-conf-docs-step@@";
  const commandLine = session.commandLine ?? ((command: string) => `${command} 2>&1`);
  const script = [
    "set +e",
    ...(session.setup ?? []),
    "status=0",
    // The marker must not clobber `$?`: each command starts with its predecessor's status restored.
    ...steps.flatMap((step) => [`echo ${marker}`, "(exit $status)", commandLine(step.command), "status=$?"]),
  ].join("\n");
  const run = spawnSync("bash", ["-c", script], {
    cwd: session.cwd,
    encoding: "utf8",
    env: session.env,
    timeout: session.timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  return run.stdout
    .split(`${marker}\n`)
    .slice(1)
    .map((out) =>
      out
        .replace(/\n$/, "")
        .split("\n")
        .filter((line, _i, all) => !(all.length === 1 && line === "")),
    );
}

function lineMatches(actual: string, expected: string): boolean {
  if (!expected.includes("…")) return actual === expected;
  const pattern = expected
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${pattern}$`).test(actual);
}

/** Whether `actual` matches `expected`: a `…` line stands for any run of lines, `…` inside a line for any text. */
export function outputMatches(actual: string[], expected: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [head, ...rest] = expected;
  if (head === "…") {
    for (let skip = 0; skip <= actual.length; skip++) if (outputMatches(actual.slice(skip), rest)) return true;
    return false;
  }
  return actual.length > 0 && lineMatches(actual[0]!, head!) && outputMatches(actual.slice(1), rest);
}
