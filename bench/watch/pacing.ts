/**
 * Whether watch paces a session by its judge: a server sends N notifications M ms apart (each one a LOG-001 finding),
 * directly and through `watch stdio` with a judge slowed on purpose (watch's test hook sleeps every pass), and the
 * time from the client's `initialized` to the last notification's arrival is compared, run by run alternately. A
 * session paced by its judge would take N × the pass's sleep longer; the figure is the watched run's median over the
 * direct run's.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../summary.js";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");
const SERVER = join(here, "notify-server.mjs");

/** Milliseconds from `initialized` to the `count`th notification, over `args` (a server, or watch in front of one). */
function lastArrival(args: string[], count: number, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env, FORCE_COLOR: "0" } });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    let buffered = "";
    let received = 0;
    let started = 0;
    let elapsed = Number.NaN;
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const message = JSON.parse(buffered.slice(0, newline)) as { id?: number; method?: string };
        buffered = buffered.slice(newline + 1);
        if (message.id === 0) {
          started = performance.now();
          send({ jsonrpc: "2.0", method: "notifications/initialized" });
        } else if (message.method === "notifications/message" && ++received === count) {
          elapsed = performance.now() - started;
          child.stdin.end();
        }
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (received === count) resolve(elapsed);
      else reject(new Error(`got ${received} of ${count} notifications (exit ${code}):\n${stderr}`));
    });
    const clientInfo = { name: "bench", version: "1.0.0" };
    send({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo },
    });
  });
}

export interface PacingFigures {
  directMs: number;
  watchedMs: number;
  /** watched / direct, medians. */
  ratio: number;
  /** What a judge-paced session would add: count × the pass's sleep. */
  pacedExtraMs: number;
}

export async function measurePacing(count: number, intervalMs: number, slowPassMs: number, rounds: number) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-pacing-"));
  const server = [SERVER, String(count), String(intervalMs)];
  const direct: number[] = [];
  const watched: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      direct.push(await lastArrival(server, count, {}));
      const watch = [BIN, "watch", "stdio", "-o", join(dir, `t${round}.jsonl`), "--", process.execPath, ...server];
      watched.push(await lastArrival(watch, count, { MCP_CONF_WATCH_SLOW_PASS_MS: String(slowPassMs) }));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const directMs = median(direct);
  const watchedMs = median(watched);
  return { directMs, watchedMs, ratio: watchedMs / directMs, pacedExtraMs: count * slowPassMs } satisfies PacingFigures;
}
