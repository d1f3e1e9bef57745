/**
 * The client command the suite runs in `mcp-conf test client`: it takes the scenario server's URL the suite appends,
 * puts a recording proxy in front of it, and runs the real client (from the environment) with the proxy's URL
 * instead. Output passes through; the exit code is the client's.
 */
import { spawn } from "node:child_process";
import { CLIENT_COMMAND_ENV, TRACES_ENV } from "./client-shim-env.js";
import { recordScenario } from "./recording.js";

async function shim(): Promise<number> {
  const serverUrl = process.argv.at(-1);
  const command = JSON.parse(process.env[CLIENT_COMMAND_ENV] ?? "[]") as string[];
  const traces = process.env[TRACES_ENV];
  if (!serverUrl || command.length === 0) {
    process.stderr.write("mcp-conf test client shim: run by `mcp-conf test client`, not directly\n");
    return 2;
  }
  // Without a traces directory the scenario runs unrecorded: the client talks to the suite directly.
  const recording = traces ? await recordScenario(new URL(serverUrl), traces, "client") : undefined;
  try {
    const [file, ...args] = command;
    const child = spawn(file!, [...args, recording?.url ?? serverUrl], { stdio: "inherit" });
    return await new Promise<number>((resolve) => {
      child.once("error", (error) => {
        process.stderr.write(`mcp-conf test client: cannot start ${file}: ${error.message}\n`);
        resolve(127);
      });
      child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGKILL" ? 137 : 143)));
    });
  } finally {
    await recording?.close();
  }
}

process.exitCode = await shim();
