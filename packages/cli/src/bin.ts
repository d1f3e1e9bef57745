#!/usr/bin/env node
import { main } from "./main.js";

// Exit as soon as the command is done: a collector's retry timer (watch --otlp) must not hold the process open.
// stdout and stderr are synchronous for files, pipes and terminals on Linux, so nothing written is lost.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`mcp-conf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(70);
  },
);
