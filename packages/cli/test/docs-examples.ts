/**
 * The machinery behind the tests that keep the docs honest: pull the ```console blocks out of a page and run each
 * block's commands in one bash session. In a block, `$ ` starts a command and the lines up to the next command are
 * its expected output (stdout and stderr together); each test decides how that output is compared.
 */
import { spawnSync } from "node:child_process";

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
