/**
 * Helpers for the `watch` and `demo` tests: run the built `mcp-conf` as a real process between a client of the
 * test's own and a server of the test's own, and read what it printed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { BIN, REPO_ROOT } from "./validate-helpers.js";

export const REPLAY = join(REPO_ROOT, "packages", "cli", "test", "replay", "play.mjs");
export const CHATTY = join(REPO_ROOT, "packages", "cli", "test", "fixtures", "chatty-server.mjs");
export const CORPUS = join(REPO_ROOT, "corpus", "2025-11-25");

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "mcp-conf-watch-"));
}

/** Runs a command to its end, collecting its output. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, FORCE_COLOR: "0", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** Replays a stdio corpus trace through `mcp-conf watch stdio`: play.mjs plays both sides. */
export function replayThroughWatch(trace: string, output: string, env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  const watch = [BIN, "watch", "stdio", "-o", output, "--", process.execPath, REPLAY, "server", trace];
  return run(process.execPath, [REPLAY, "client", trace, "--", process.execPath, ...watch], env);
}

export interface StreamTiming {
  /** ms from sending `notifications/initialized` to receiving the last expected notification. */
  elapsedMs: number;
  received: number;
  stderr: string;
  code: number | null;
}

/** Plays a client against CMD: initialize, initialized, then waits for `expected` notifications and closes. */
export function streamNotifications(
  command: string,
  args: string[],
  expected: number,
  env: NodeJS.ProcessEnv = {},
): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stderr = "";
    let received = 0;
    let started = 0;
    let elapsedMs = Number.NaN;
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    createInterface({ input: child.stdout }).on("line", (line) => {
      const message = JSON.parse(line);
      if (message.id === 0) {
        send({ jsonrpc: "2.0", method: "notifications/initialized" });
        started = performance.now();
      } else if (message.method === "notifications/message" && ++received === expected) {
        elapsedMs = performance.now() - started;
        child.stdin.end();
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ elapsedMs, received, stderr, code }));
    send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "timing-client", version: "1.0.0" },
      },
    });
  });
}

export { BIN, REPO_ROOT };
