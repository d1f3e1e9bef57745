#!/usr/bin/env node
/**
 * The `mcp-conf` executable. Start-up is most of what a short run costs, so this file loads as little as it can:
 * `--version` alone is answered without loading the argument parser; `validate` and `check` command lines that need
 * no yargs run from the judging bundle through its V8 code cache (startup/judging.ts); everything else loads `main`
 * (which loads only the command being run). Where Node has a module compile cache (22.1+), it is turned on first.
 * `MCP_CONF_TRACE_STARTUP=1` says on stderr which path ran and what became of each code cache.
 */
import module from "node:module";
import { basename } from "node:path";
import { configChoice, findConfigFile } from "./config/config-file.js";
import type { Io } from "./exit.js";
import { traceStartup as trace } from "./startup/code-cache.js";
import { loadJudging } from "./startup/judging-bundle.js";
import { VERSION } from "./version.js";

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Exit as soon as the command is done: a collector's retry timer (watch --otlp) must not hold the process open.
// But not before stdout and stderr have flushed: writes to a pipe are asynchronous once its buffer is full, and
// exiting then would cut a long report at 64 KiB. An empty write's callback runs after everything queued before it.
function exitWhenFlushed(code: number): void {
  let pending = 2;
  const done = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

/** Whether a project file (or `--config`) applies: its defaults are main's to apply, and so is a bad `--config`. */
function projectConfigApplies(args: readonly string[]): boolean {
  try {
    return configChoice(args) !== undefined || findConfigFile(process.cwd()) !== undefined;
  } catch {
    return true;
  }
}

async function run(args: string[]): Promise<number> {
  if ((args[0] === "validate" || args[0] === "check") && !projectConfigApplies(args)) {
    const bundle = loadJudging();
    if ("exports" in bundle) {
      // Standard input is opened only by a command that reads it (`validate -`): opening it costs a stream's set-up.
      const io: Io = {
        stdout: process.stdout,
        stderr: process.stderr,
        get stdin() {
          return process.stdin;
        },
      };
      const code = await bundle.exports.runPlainCommand(args, io);
      const caches = [bundle, ...bundle.exports.loadedScripts()].map(
        (script) => `${basename(script.file)} ${script.cache}`,
      );
      trace(`judging bundle, code caches: ${caches.join(", ")}${code === undefined ? "; main runs the command" : ""}`);
      if (code !== undefined) return code;
    } else trace(`judging bundle not loaded: ${bundle.problem}`);
  }
  const { main } = await import("./main.js");
  return main(args);
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  process.stdout.write(`${VERSION}\n`);
} else {
  run(args).then(
    (code) => exitWhenFlushed(code),
    (error: unknown) => {
      process.stderr.write(`mcp-conf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      exitWhenFlushed(70);
    },
  );
}
