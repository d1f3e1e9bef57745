// Plays one side of a recorded stdio trace: `node play.mjs server TRACE` (a server on stdin/stdout, stderr events
// on stderr) or `node play.mjs client TRACE -- CMD…` (spawns CMD as the server and plays the client against it).
// Each side sends its own lines in trace order and, before each, waits until it has received every line the other
// side sent earlier in the trace. A test tool: it replays a corpus session through a real process boundary.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const [role, tracePath, ...rest] = process.argv.slice(2);
const events = readFileSync(tracePath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));
const mine = role === "server" ? "server-to-client" : "client-to-server";

// The script: what this side sends, and how many lines of the other side must have arrived before each.
const steps = [];
let expected = 0;
for (const event of events) {
  const onWire = event.kind === "message" || event.kind === "raw";
  if (event.kind === "stderr" && role === "server") steps.push({ after: expected, stderr: `${event.text}\n` });
  if (!onWire) continue;
  const line = event.kind === "message" ? JSON.stringify(event.payload) : event.text;
  if (event.direction === mine) steps.push({ after: expected, line: `${line}\n` });
  else expected++;
}

let input;
let output;
let child;
if (role === "server") {
  input = process.stdin;
  output = process.stdout;
} else {
  const dashes = rest.indexOf("--");
  const [command, ...args] = rest.slice(dashes + 1);
  child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  input = child.stdout;
  output = child.stdin;
  child.on("exit", (code) => {
    process.exitCode = code ?? 1;
  });
}

let received = 0;
let buffered = "";
let next = 0;
const pump = () => {
  while (next < steps.length && steps[next].after <= received) {
    const step = steps[next++];
    if (step.stderr) process.stderr.write(step.stderr);
    else output.write(step.line);
  }
  if (next === steps.length && received >= expected) {
    if (role === "client") output.end();
    else process.exit(0);
  }
};
input.on("data", (chunk) => {
  buffered += chunk.toString("utf8");
  let newline = buffered.indexOf("\n");
  while (newline !== -1) {
    received++;
    buffered = buffered.slice(newline + 1);
    newline = buffered.indexOf("\n");
  }
  pump();
});
input.on("end", () => {
  if (role === "server") process.exit(0);
});
pump();
