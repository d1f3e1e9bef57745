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
import { startEverythingHttp } from "@mcp-conf/testing";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const BIN = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");
const fromRecorder = createRequire(join(REPO_ROOT, "packages", "recorder", "package.json"));

export { EVERYTHING, startEverythingHttp } from "@mcp-conf/testing";

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
