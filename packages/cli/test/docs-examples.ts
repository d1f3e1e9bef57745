/**
 * The machinery behind the tests that keep the docs honest: pull the ```console blocks out of a page and run each
 * block's commands in one bash session. In a block, `$ ` starts a command and the lines up to the next command are
 * its expected output (stdout and stderr together); each test decides how that output is compared.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BIN, EVERYTHING } from "./record-helpers.js";

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

/** A session in `cwd` as its own home, with the `mcp-conf` in `cwd/.bin` on PATH and no colour. */
export function sessionIn(cwd: string, substitute: (text: string) => string): BashSession {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.MCP_CONF_HOME;
  delete env.XDG_STATE_HOME;
  env.HOME = cwd;
  env.PATH = `${join(cwd, ".bin")}:${env.PATH ?? ""}`;
  return {
    cwd,
    env,
    commandLine: (command) => `{ ${substitute(command)}
} 2>&1`,
    timeout: 60_000,
  };
}

/**
 * A directory for a page's examples: `my-server.js` starts server-everything, and `.bin/mcp-conf` (on the PATH of
 * `sessionIn`) execs the built binary, so `$!` of a background `mcp-conf …` is mcp-conf itself. Returns `cwd`.
 */
export function docsWorkspace(cwd: string): string {
  mkdirSync(join(cwd, ".bin"), { recursive: true });
  writeFileSync(join(cwd, "my-server.js"), `import ${JSON.stringify(pathToFileURL(EVERYTHING).href)};\n`);
  writeFileSync(
    join(cwd, ".bin", "mcp-conf"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    {
      mode: 0o755,
    },
  );
  return cwd;
}
