/**
 * Watch memory benchmark: `mcp-conf watch stdio` in front of a server that sends N notifications/message as fast as
 * the pipe takes them (notify-server.mjs), the client's side fed the handshake. Figure: the peak RSS of the whole
 * `watch` process (its judge thread included; sampled from /proc every 20 ms), at 100,000 and at 1,000,000
 * notifications; targets: at most 200 MB at 1,000,000 and at most 1.2x its peak at 100,000 (flat, not growing with
 * the session). The judge's losses, if any, must be counted in its report. Sizes: BENCH_NOTIFICATIONS (the large
 * run; the small one is a tenth of it).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { summaryRow, times } from "../summary.js";

const LARGE = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");

interface WatchRun {
  peakMb: number;
  seconds: number;
  code: number | null;
  /** The tail of watch's stderr: the report and the tally. */
  tail: string;
}

function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function watch(notifications: number): Promise<WatchRun> {
  const home = mkdtempSync(join(tmpdir(), "mcp-conf-bench-watch-"));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [BIN, "watch", "stdio", "--quiet", "--", process.execPath, join(here, "notify-server.mjs"), String(notifications)],
    { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, MCP_CONF_HOME: home, FORCE_COLOR: "0" } },
  );
  // The client's side: initialized once initialize is answered (the first line back), then the flood is discarded.
  let answered = false;
  child.stdout.on("data", () => {
    if (answered) return;
    answered = true;
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const info = { name: "bench", version: "1.0.0" };
  child.stdin.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: info } })}\n`,
  );
  let peakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(child.pid!) ?? 0);
  }, 20);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  clearInterval(sampler);
  child.stdin.destroy();
  rmSync(home, { recursive: true, force: true });
  return { peakMb, seconds: (performance.now() - started) / 1000, code, tail: stderr };
}

const small = await watch(LARGE / 10);
const large = await watch(LARGE);
const fmt = (run: WatchRun, n: number) =>
  `  ${n.toLocaleString("en-US").padStart(9)} notifications: peak RSS ${run.peakMb.toFixed(0)} MB, ${run.seconds.toFixed(1)} s, exit ${run.code}`;
console.log("watch: peak RSS of the whole `watch stdio` process over a server sending notifications");
console.log(fmt(small, LARGE / 10));
console.log(fmt(large, LARGE));
const last = large.tail.trim().split("\n").slice(-4).join("\n    ");
console.log(`  the large run's last lines:\n    ${last}`);
const growth = large.peakMb / small.peakMb;
console.log(`  growth ${times(growth)} from a tenth of the session (target <= x1.2); large peak target <= 200 MB`);
summaryRow({
  bench: "watch",
  figure: `peak RSS at ${LARGE.toLocaleString("en-US")} notifications`,
  value: `${large.peakMb.toFixed(0)} MB`,
  target: "<= 200 MB",
  met: large.peakMb <= 200,
});
summaryRow({
  bench: "watch",
  figure: `peak RSS growth, ${(LARGE / 10).toLocaleString("en-US")} -> ${LARGE.toLocaleString("en-US")}`,
  value: times(growth),
  target: "<= x1.2",
  met: growth <= 1.2,
});
