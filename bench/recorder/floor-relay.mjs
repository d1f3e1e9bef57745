// The floor for the relay: the least a separate Node process in the pipe can cost (pipe() both ways, nothing
// observed, nothing recorded). `node floor-relay.mjs -- CMD…`.
import { spawn } from "node:child_process";

const [, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on("exit", (code) => {
  process.exitCode = code ?? 1;
  process.stdin.destroy();
});
