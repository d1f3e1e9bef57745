/** Runs a program to its end and collects what it printed: for the programs mcp-conf starts but does not watch. */
import { spawn } from "node:child_process";

export interface ProcessRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<ProcessRun> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error) => done({ exitCode: 127, stdout, stderr: `${stderr}${error.message}\n` }));
    child.on("close", (code, signal) => done({ exitCode: code ?? 128 + signalNumber(signal), stdout, stderr }));
  });
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal === "SIGKILL" ? 9 : signal === "SIGINT" ? 2 : 15;
}
