#!/usr/bin/env node
import { main } from "./main.js";

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

main(process.argv.slice(2)).then(
  (code) => exitWhenFlushed(code),
  (error: unknown) => {
    process.stderr.write(`mcp-conf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    exitWhenFlushed(70);
  },
);
