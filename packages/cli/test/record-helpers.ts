/**
 * Helpers for the CLI tests of `record`: the built binary run as a real process (with a temporary state
 * directory), the real peers borrowed from @mcp-conf/recorder's devDependencies, and a wait for a line on a stream.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const BIN = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");
const fromRecorder = createRequire(join(REPO_ROOT, "packages", "recorder", "package.json"));

/** `node <this> stdio|streamableHttp` runs server-everything. */
export const EVERYTHING = join(
  dirname(fromRecorder.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);

/** The official SDK's client classes (a devDependency of the recorder package). */
export async function sdk() {
  const load = async (path: string) => import(pathToFileURL(fromRecorder.resolve(path)).href);
  const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/client/stdio.js");
  const { StreamableHTTPClientTransport } = await load("@modelcontextprotocol/sdk/client/streamableHttp.js");
  const { SSEClientTransport } = await load("@modelcontextprotocol/sdk/client/sse.js");
  return { Client, StdioClientTransport, StreamableHTTPClientTransport, SSEClientTransport };
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "mcp-conf-record-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Spawns `mcp-conf ARGS` with piped stdio, in `cwd`, with `MCP_CONF_HOME` under it. */
export function spawnCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, MCP_CONF_HOME: join(cwd, "state"), FORCE_COLOR: "0", ...env },
    stdio: "pipe",
  });
}

/** Collects a stream as text and resolves when `pattern` has appeared in it. */
export function textOf(stream: NodeJS.ReadableStream): { text(): string; waitFor(pattern: RegExp): Promise<string> } {
  let text = "";
  const waiters: Array<() => void> = [];
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    text: () => text,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} in: ${text}`)), 15_000);
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            clearTimeout(timer);
            resolve(match[0]);
          } else waiters.push(check);
        };
        check();
      }),
  };
}

/** Resolves to the exit code of a child (128+n for a signal, as a shell reports it). */
export function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGKILL" ? 137 : 128)));
  });
}

/** server-everything over streamable HTTP (`url` ends in /mcp) or HTTP+SSE (`sse`: /sse) on a random free port, retried if taken. */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse" = "streamableHttp",
): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 40000);
    const child = spawn(process.execPath, [EVERYTHING, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = textOf(child.stdout!);
    const err = textOf(child.stderr!);
    const up = await Promise.race([
      out.waitFor(/listening on port|running on port/i).then(() => true),
      err.waitFor(/listening on port|running on port/i).then(() => true),
      exitOf(child).then(() => false),
    ]).catch(() => false);
    // Its "listening" line can come before the port answers: poll it once directly (nothing is recorded).
    if (up && (await answers(`http://localhost:${port}/`))) {
      return {
        url: `http://localhost:${port}/${mode === "sse" ? "sse" : "mcp"}`,
        port,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGTERM");
            await exitOf(child);
          }
        },
      };
    }
    child.kill("SIGKILL");
  }
  throw new Error("server-everything did not start over HTTP");
}

/** Whether `url` answers an HTTP request (any status) within about 5 s. */
async function answers(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await (await fetch(url)).arrayBuffer();
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}

/** Records server-everything over streamable HTTP through `mcp-conf record http` into `trace`; `drive` gets the proxy's URL. */
export async function recordEverythingHttp(
  trace: string,
  cwd: string,
  drive: (url: string) => Promise<void>,
): Promise<void> {
  const everything = await startEverythingHttp();
  try {
    const recorder = spawnCli(
      ["record", "http", "--upstream", everything.url, "--listen", "127.0.0.1:0", "-o", trace],
      cwd,
    );
    recorder.stdout!.resume();
    const line = await textOf(recorder.stderr!).waitFor(/proxying http:\/\/\S+\//);
    await drive(line.replace("proxying ", ""));
    recorder.kill("SIGINT");
    await exitOf(recorder);
  } finally {
    await everything.stop();
  }
}
