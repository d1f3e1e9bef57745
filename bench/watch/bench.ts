/**
 * Watch memory benchmark: `mcp-conf watch stdio` in front of a server that sends N notifications/message as fast as
 * the pipe takes them (notify-server.mjs), the client's side fed the handshake. Figures: the peak RSS of the whole
 * `watch` process (its judge thread included; sampled from /proc every 20 ms), at 100,000 and at 1,000,000
 * notifications; targets: at most 200 MB at 1,000,000 and at most 1.2x its peak at 100,000 (flat, not growing with
 * the session). And what each run lost, counted from what it wrote rather than from what it says: observations the
 * recorder dropped (the server's and client's messages missing from the trace file), observations the judge lost
 * (its report's `capture: incomplete — N observation(s) missing`, written with `--report`, less the recorder's
 * drops, which it counts as gaps; informative: a judge held to a quarter of a core skips what a flood outruns it by,
 * and says so), and losses no one counted: recorder drops, or exchanges missing from the judge's final tally, beyond
 * what its report counts as missing. Targets: 0 recorder drops, 0 uncounted losses. Sizes: BENCH_NOTIFICATIONS (the large run; the small one is a tenth of it).
 * Last, pacing (pacing.ts): 200 notifications 2 ms apart, directly and through watch behind a judge sleeping 50 ms a
 * pass, alternating BENCH_PACING_ROUNDS rounds (default 5): the watched run's median over the direct run's (target
 * at most x1.5; a judge-paced session would take 10 s longer).
 */
import { spawn } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { summaryRow, times } from "../summary.js";
import { measurePacing } from "./pacing.js";

const LARGE = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");
/** The client's initialize and initialized, the server's initialize result: the messages besides the flood. */
const HANDSHAKE_MESSAGES = 3;
/** Of those, the ones that complete an exchange (all but the initialize request, which its result completes). */
const HANDSHAKE_EXCHANGES = 2;

interface WatchRun {
  peakMb: number;
  seconds: number;
  code: number | null;
  /** The tail of watch's stderr: the tally and the trace line. */
  tail: string;
  /** The server's and client's messages missing from the trace file. */
  recorderDropped: number;
  /** Observations the judge's report counts as missing (`capture: incomplete`), 0 for a complete capture. */
  reportMissing: number;
  /** Exchanges the judge's final tally is short of the session's (every notification, the handshake's two). */
  exchangesShort: number;
}

function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The message events in a trace file (a million lines: streamed, each line's kind read off its start). */
async function messagesIn(trace: string): Promise<number> {
  let count = 0;
  let rest = "";
  for await (const chunk of createReadStream(trace, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    for (const line of lines) if (line.slice(0, 160).includes('"kind":"message"')) count++;
  }
  if (rest.slice(0, 160).includes('"kind":"message"')) count++;
  return count;
}

async function watch(notifications: number): Promise<WatchRun> {
  const home = mkdtempSync(join(tmpdir(), "mcp-conf-bench-watch-"));
  const reportFile = join(home, "report.txt");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      BIN,
      "watch",
      "stdio",
      "--report",
      reportFile,
      "--",
      process.execPath,
      join(here, "notify-server.mjs"),
      String(notifications),
    ],
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
  const seconds = (performance.now() - started) / 1000;
  const trace = /trace written to (.+) \(\d+ events?\)/.exec(stderr)?.[1];
  if (trace === undefined || !existsSync(trace) || !existsSync(reportFile)) {
    throw new Error(`watch left no trace or no report (exit ${code}):\n${stderr}`);
  }
  const recorderDropped = notifications + HANDSHAKE_MESSAGES - (await messagesIn(trace));
  const missing = /capture: incomplete — (\d+) observation/.exec(readFileSync(reportFile, "utf8"));
  const tallies = [...stderr.matchAll(/(\d+) exchange\(s\); findings so far/g)];
  const exchanges = tallies.length === 0 ? 0 : Number(tallies[tallies.length - 1]![1]);
  rmSync(home, { recursive: true, force: true });
  return {
    peakMb,
    seconds,
    code,
    tail: stderr,
    recorderDropped,
    reportMissing: missing ? Number(missing[1]) : 0,
    exchangesShort: notifications + HANDSHAKE_EXCHANGES - exchanges,
  };
}

const small = await watch(LARGE / 10);
const large = await watch(LARGE);
/** The judge's own losses (the report counts the recorder's drops too), and drops the report failed to count. */
const judgeLost = (run: WatchRun) => Math.max(0, run.reportMissing - run.recorderDropped);
const uncounted = (run: WatchRun) =>
  Math.max(0, run.recorderDropped - run.reportMissing, run.exchangesShort - run.reportMissing);
const fmt = (run: WatchRun, n: number) =>
  `  ${n.toLocaleString("en-US").padStart(9)} notifications: peak RSS ${run.peakMb.toFixed(0)} MB, ${run.seconds.toFixed(1)} s, exit ${run.code}; recorder dropped ${run.recorderDropped}, judge lost ${judgeLost(run)} (report: ${run.reportMissing} missing), uncounted ${uncounted(run)}`;
console.log("watch: peak RSS of the whole `watch stdio` process over a server sending notifications");
console.log(fmt(small, LARGE / 10));
console.log(fmt(large, LARGE));
const last = large.tail.trim().split("\n").slice(-2).join("\n    ");
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
const runs = [small, large];
const dropped = Math.max(...runs.map((run) => run.recorderDropped));
summaryRow({
  bench: "watch",
  figure: "observations the recorder dropped, worst run",
  value: String(dropped),
  target: "0",
  met: dropped === 0,
});
const lost = Math.max(...runs.map(judgeLost));
// Informative: a judge held to a quarter of a core skips what a flood outruns it by; what matters is that it says so.
summaryRow({
  bench: "watch",
  figure: "observations the judge lost (counted in its report), worst run",
  value: String(lost),
  target: "",
});
const notCounted = Math.max(...runs.map(uncounted));
summaryRow({
  bench: "watch",
  figure: "losses the report does not count as missing, worst run",
  value: String(notCounted),
  target: "0",
  met: notCounted === 0,
});

const PACING_ROUNDS = Number(process.env.BENCH_PACING_ROUNDS ?? 5);
if (PACING_ROUNDS > 0) {
  const pacing = await measurePacing(200, 2, 50, PACING_ROUNDS);
  console.log(
    `pacing: 200 notifications 2 ms apart, medians of ${PACING_ROUNDS} alternating rounds: ${pacing.directMs.toFixed(0)} ms direct, ` +
      `${pacing.watchedMs.toFixed(0)} ms through watch behind a judge sleeping 50 ms a pass -> ${times(pacing.ratio)} ` +
      `(target <= x1.5; paced by its judge it would take ${pacing.pacedExtraMs.toLocaleString("en-US")} ms longer)`,
  );
  summaryRow({
    bench: "watch",
    figure: "200 notifications behind a slowed judge / direct",
    value: times(pacing.ratio),
    target: "<= x1.5",
    met: pacing.ratio <= 1.5,
  });
}
