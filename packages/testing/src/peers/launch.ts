/**
 * Starting and stopping peer processes for the interop matrix: a process with captured output, a free port, a wait
 * for a listener, and an HTTP server peer brought up on a port of its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import type { ServerPeer } from "./catalogue.js";

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs argv to its end (killed after `timeoutMs`), collecting its output. */
export function run(argv: readonly string[], options: { cwd: string; timeoutMs: number }): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", (error) => (stderr += `${error.message}\n`));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits until something accepts TCP connections on `port` (a connection only, no request). */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

export interface RunningHttpServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts a server peer's HTTP mode on a free port and waits until it listens. */
export async function startHttpServer(peer: ServerPeer, cwd: string): Promise<RunningHttpServer> {
  if (!peer.http) throw new Error(`${peer.id} has no HTTP mode`);
  const port = await freePort();
  const argv = peer.http.argv.map((arg) => arg.replace("{port}", String(port)));
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PORT: String(port) },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    await waitForPort(port);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${peer.id} did not listen: ${(error as Error).message}\n${stderr}`);
  }
  return {
    url: `http://127.0.0.1:${port}${peer.http.path}`,
    port,
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
