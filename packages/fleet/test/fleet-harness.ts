/**
 * The real parts of the fleet tests and bench: `mcp-conf serve` processes (the CLI), the OpenTelemetry Collector
 * built by scripts/ensure.d/40-otelcol.sh with peers/otelcol/fleet-pipeline.yaml, and recorder processes
 * (fixtures/recorder-fleet.mjs) recording real SDK sessions against server-everything's server.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SessionVerdict } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, "..", "..", "..");
const CLI = join(REPO, "packages", "cli", "dist", "bin.js");
const COLLECTOR = join(REPO, ".peers", "otelcol", "current", "otelcol");
export const PIPELINE_CONFIG = join(REPO, "peers", "otelcol", "fleet-pipeline.yaml");
const RECORDER = join(here, "fixtures", "recorder-fleet.mjs");

/** A free loopback port (the moment it was asked). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServeProcess {
  url: string;
  home: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** `mcp-conf serve` with MCP_CONF_HOME=home on 127.0.0.1:port; resolves once it says where it listens. */
export async function startServeProcess(home: string, port: number, extra: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, "serve", "--listen", `127.0.0.1:${port}`, ...extra], {
    env: { ...process.env, MCP_CONF_HOME: home },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let text = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!/receiving OTLP logs on (\S+)\/v1\/logs/.test(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /receiving OTLP logs on (\S+)\/v1\/logs/.exec(text)![1]!;
  return {
    url,
    home,
    child,
    output: () => text,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface CollectorProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export function collectorBinary(): string {
  if (!existsSync(COLLECTOR)) {
    throw new Error(`no OpenTelemetry Collector at ${COLLECTOR}: run sh scripts/ensure-peers.sh (it builds one)`);
  }
  return COLLECTOR;
}

/** The Collector with the fleet pipeline, routing to serve A and B; resolves once its OTLP/HTTP port answers. */
export async function startCollector(serveA: string, serveB: string, file: string): Promise<CollectorProcess> {
  const port = await freePort();
  const child = spawn(collectorBinary(), ["--config", PIPELINE_CONFIG], {
    env: {
      ...process.env,
      FLEET_COLLECTOR_PORT: String(port),
      FLEET_SERVE_A: serveA,
      FLEET_SERVE_B: serveB,
      FLEET_COLLECTOR_FILE: file,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let text = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Collector exited: ${text}`);
    const answered = await fetch(`${url}/v1/logs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`the Collector did not listen: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => text,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface RecordedSession {
  session: string;
  recorded: number;
  exported: number;
  lost: number;
}

/** One recorder process: `sessions` real sessions, local traces in `traceDir`, log records to `url`. */
export function runRecorder(
  url: string,
  label: string,
  sessions: number,
  traceDir: string,
  holdMs = 0,
): Promise<RecordedSession[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [RECORDER, url, label, String(sessions), traceDir, String(holdMs)],
      { cwd: join(here, ".."), maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as RecordedSession[]);
      },
    );
  });
}

/** The verdicts a serve wrote into its state directory. */
export function verdictsIn(home: string): SessionVerdict[] {
  const dir = join(home, "serve");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".verdict.json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as SessionVerdict);
}

/** Waits until `count()` reaches `n` (or throws after `timeoutMs`). */
export async function waitFor(count: () => number, n: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (count() < n) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${n} ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
