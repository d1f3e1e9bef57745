#!/usr/bin/env node
/**
 * The `mcp-conf` executable. Start-up is most of what a short run costs, so this file loads as little as it can:
 * `--version` alone is answered without loading the argument parser, and everything else loads `main` (which loads
 * only the command being run). Where Node has a module compile cache (22.1+), it is turned on first.
 */
import module from "node:module";
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

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  process.stdout.write(`${VERSION}\n`);
} else {
  import("./main.js")
    .then(({ main }) => main(args))
    .then(
      (code) => exitWhenFlushed(code),
      (error: unknown) => {
        process.stderr.write(`mcp-conf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
        exitWhenFlushed(70);
      },
    );
}
