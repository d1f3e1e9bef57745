/**
 * `mcp-conf test server -- CMD…`: the server under test as a child process. It gets a free port in `PORT` (the
 * convention of the suite's example servers and server-everything) and is ready once that port accepts a
 * connection; it is stopped with SIGTERM, then SIGKILL, after the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import { GateError } from "../errors.js";

export interface ServerProcess {
  readonly port: number;
  /** The server's output so far (stdout and stderr), for the error that says why it did not start. */
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port free on the loopback interface now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the command and resolves once its port accepts connections; a one-line error if it exits or times out. */
export async function startServerProcess(command: string[], timeoutMs: number): Promise<ServerProcess> {
  const port = await freePort();
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4096);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const server: ServerProcess = { port, output: () => output, stop: () => stopProcess(child) };
  const exited = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(`cannot start ${file}: ${error.message}`));
    child.once("exit", (code, signal) =>
      resolve(`${file} exited with ${code ?? signal} before listening on port ${port}`),
    );
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const outcome = await Promise.race([exited, canConnect(port).then((ok) => (ok ? "ready" : "wait"))]);
    if (outcome === "ready") return server;
    if (outcome !== "wait") throw new GateError(`test: ${outcome}${lastLine(output)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop();
  throw new GateError(
    `test: ${file} did not listen on port ${port} (its PORT) within ${timeoutMs} ms${lastLine(output)}`,
  );
}

function lastLine(output: string): string {
  const line = output.trim().split("\n").pop()?.trim();
  return line ? ` (it said: ${JSON.stringify(line.slice(0, 200))})` : "";
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** SIGTERM to the server's process group (a wrapper like tsx starts the real server as its child), then SIGKILL. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, name);
        else child.kill(name);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => signal("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    signal("SIGTERM");
  });
}
