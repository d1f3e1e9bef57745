/**
 * server-everything over HTTP for tests, on a port of its own. Its "listening" line is no proof that it listens:
 * it prints the line even when the port is taken (Express 5 hands the listen error to the same callback) and then
 * exits — and a port can be taken by nothing but another connection's local end. So the server counts as up only
 * once the port answers an HTTP request while the process is still alive; otherwise another port is tried.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { EVERYTHING } from "./peers/catalogue.js";
import { freePort } from "./peers/launch.js";

export { EVERYTHING };

export interface EverythingHttp {
  /** The MCP endpoint: `/mcp` over streamable HTTP, `/sse` over the 2024-11-05 HTTP+SSE transport. */
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const LISTENING = /listening on port|running on port/i;

export async function startEverythingHttp(mode: "streamableHttp" | "sse" = "streamableHttp"): Promise<EverythingHttp> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const gone = new Promise<false>((resolve) => {
      if (child.exitCode !== null) resolve(false);
      child.once("exit", () => resolve(false));
    });
    const up = await Promise.race([saysListening(child), gone]);
    if (up && (await Promise.race([answers(port), gone])) && child.exitCode === null) {
      child.stdout!.resume();
      child.stderr!.resume();
      return {
        url: `http://localhost:${port}/${mode === "sse" ? "sse" : "mcp"}`,
        port,
        child,
        stop: () => stopChild(child),
      };
    }
    await stopChild(child);
  }
  throw new Error("server-everything did not start over HTTP");
}

function saysListening(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text = (text + chunk.toString()).slice(-4096);
      if (LISTENING.test(text)) resolve(true);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    setTimeout(() => resolve(false), 15_000).unref();
  });
}

/** Whether the port answers an HTTP request (any status) within about 5 s. */
async function answers(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
