/**
 * Gateway benchmark: K concurrent sessions of the official SDK client (driver.mjs, a process of its own), M `echo`
 * calls each, against server-everything over streamable HTTP — direct, through `mcp-conf record http`, and through
 * `mcp-conf watch http` (one judge pool), in the same run, for K = 10, 100, 500, 1,000 (BENCH_SESSIONS, BENCH_CALLS,
 * BENCH_RUNS rounds). Every session ends the three ways a session ends: a third DELETE, a third close, a third go
 * idle until the proxy's idle timeout (BENCH_IDLE_S, 20 s) ends them. Printed per round: calls served and errors (ours:
 * a proxied run's, the direct run serving every call), the latency the proxy adds to p50 and p99 (and as a ratio of
 * direct's), the proxy process's CPU per call, its peak RSS and peak thread count (sampled from /proc every 50 ms),
 * and sessions started against sessions ended (trace files) and judged (report files). Targets (issue 30): 0 errors of
 * ours; at 1,000 sessions watch's peak RSS <= 400 MB, threads <= the pool + a handful (record's count + the pool + 2),
 * added p50 <= 1.3x record's; every session started judged once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { summaryRow, times } from "../summary.js";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");
const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);
const SIZES = (process.env.BENCH_SESSIONS ?? "10,100,500,1000").split(",").map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const POOL = Number(process.env.BENCH_JUDGE_THREADS ?? availableParallelism());

interface Driven {
  started: number;
  served: number;
  errors: number;
  samples: string[];
  p50: number;
  p99: number;
}

interface Proxied extends Driven {
  cpuMs: number;
  peakMb: number;
  threads: number;
  traces: number;
  reports: number;
  exit: number | null;
}

const load = () => loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)} ms`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function waitFor(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => reject(new Error(`exited before ${pattern}: ${text.slice(-500)}`)));
  });
}

async function startEverything(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitFor(child, /listening on port|running on port/i);
  child.stdout!.resume();
  child.stderr!.resume();
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

function drive(url: string, sessions: number, idleMs: number): Promise<Driven> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(here, "driver.mjs"), url, String(sessions), String(CALLS), String(idleMs)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code) => {
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1)!) as Driven);
      } catch {
        reject(new Error(`driver exited ${code}: ${out.slice(-300)}`));
      }
    });
  });
}

/** The process's CPU (user + system, ms), RSS (MB) and thread count, from /proc. */
function sample(pid: number): { cpuMs: number; rssMb: number; threads: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return {
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100,
      rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
      threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0),
    };
  } catch {
    return undefined;
  }
}

async function proxied(command: "record" | "watch", upstream: string, sessions: number): Promise<Proxied> {
  const dir = mkdtempSync(join(tmpdir(), `mcp-conf-bench-gateway-${command}-`));
  const args = [
    BIN,
    command,
    "http",
    "--upstream",
    upstream,
    "--listen",
    "127.0.0.1:0",
    "-o",
    join(dir, "traces", "{session}.jsonl"),
  ];
  args.push("--session-idle-timeout", String(IDLE_S));
  if (command === "watch")
    args.push("--judge-threads", String(POOL), "--report", join(dir, "reports", "{session}.txt"));
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MCP_CONF_HOME: dir },
  });
  const url = await waitFor(child, /proxying (http:\/\/\S+\/)/);
  child.stdout!.resume();
  child.stderr!.resume();
  let peakMb = 0;
  let threads = 0;
  const sampler = setInterval(() => {
    const now = sample(child.pid!);
    if (!now) return;
    peakMb = Math.max(peakMb, now.rssMb);
    threads = Math.max(threads, now.threads);
  }, 50);
  const before = sample(child.pid!)!;
  const driven = await drive(url, sessions, (IDLE_S + 1.5) * 1000);
  const after = sample(child.pid!)!;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGINT");
  const exit = await exited;
  clearInterval(sampler);
  const count = (sub: string) => {
    try {
      return readdirSync(join(dir, sub)).length;
    } catch {
      return 0;
    }
  };
  const result = {
    ...driven,
    cpuMs: after.cpuMs - before.cpuMs,
    peakMb,
    threads,
    traces: count("traces"),
    reports: count("reports"),
    exit,
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

function line(name: string, run: Driven, direct?: Driven): string {
  const total = run.started * CALLS;
  let text = `    ${name.padEnd(6)} sessions ${run.started}, served ${run.served}/${total}, errors ${run.errors}`;
  if (direct) {
    text += `, added p50 ${signed(run.p50 - direct.p50)} (${times(run.p50 / direct.p50)} direct), p99 ${signed(run.p99 - direct.p99)}`;
  } else text += `, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`;
  if ("cpuMs" in run) {
    const p = run as Proxied;
    text += `; CPU/call ${ms(p.cpuMs / Math.max(1, p.served))}, peak RSS ${p.peakMb.toFixed(0)} MB, threads ${p.threads}, traces ${p.traces}`;
    if (name === "watch") text += `, judged ${p.reports}`;
    if (p.exit !== 0) text += `, exit ${p.exit}`;
  }
  if (run.samples.length > 0) text += `\n      errors: ${run.samples.join(" | ")}`;
  return text;
}

const acceptance = new Map<
  number,
  { errors: number; judgedOk: boolean; rss: number; threadsOk: boolean; p50Ratio: number }[]
>();
console.log(
  `gateway: ${SIZES.join(", ")} sessions x ${CALLS} calls, ${RUNS} round(s), judge pool ${POOL}, idle timeout ${IDLE_S} s; load ${load()}`,
);
for (const sessions of SIZES) {
  const everything = await startEverything();
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`  ${sessions} sessions, round ${run} (load ${load()}):`);
      const direct = await drive(everything.url, sessions, 0);
      console.log(line("direct", direct));
      const record = await proxied("record", everything.url, sessions);
      console.log(line("record", record, direct));
      const watch = await proxied("watch", everything.url, sessions);
      console.log(line("watch", watch, direct));
      const addedRecord = record.p50 - direct.p50;
      const addedWatch = watch.p50 - direct.p50;
      const p50Ratio = addedWatch / Math.max(0.05, addedRecord);
      console.log(
        `    watch/record: added p50 ${times(p50Ratio)}, CPU/call ${times(watch.cpuMs / watch.served / (record.cpuMs / record.served))}, peak RSS ${times(watch.peakMb / record.peakMb)}, threads ${watch.threads} vs ${record.threads} (pool ${POOL}); started ${watch.started}, judged ${watch.reports}`,
      );
      const list = acceptance.get(sessions) ?? [];
      list.push({
        errors:
          record.errors +
          watch.errors +
          Math.max(0, record.started < direct.started ? direct.started - record.started : 0),
        judgedOk: watch.reports === watch.started && record.traces === record.started,
        rss: watch.peakMb,
        threadsOk: watch.threads <= record.threads + POOL + 2,
        p50Ratio,
      });
      acceptance.set(sessions, list);
    }
  } finally {
    everything.child.kill("SIGINT");
  }
}
console.log(`load at the end ${load()}`);

for (const [sessions, runs] of acceptance) {
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  summaryRow({
    bench: "gateway",
    figure: `${sessions} sessions: errors of ours (record + watch, ${runs.length} round(s))`,
    value: String(errors),
    target: "0",
    met: errors === 0,
  });
  const judged = runs.every((r) => r.judgedOk);
  summaryRow({
    bench: "gateway",
    figure: `${sessions} sessions: every session started ended and judged once`,
    value: judged ? "yes" : "no",
    target: "yes",
    met: judged,
  });
  if (sessions >= 1000) {
    const rss = Math.max(...runs.map((r) => r.rss));
    summaryRow({
      bench: "gateway",
      figure: `${sessions} sessions: watch http peak RSS`,
      value: `${rss.toFixed(0)} MB`,
      target: "<= 400 MB",
      met: rss <= 400,
    });
    const threads = runs.every((r) => r.threadsOk);
    summaryRow({
      bench: "gateway",
      figure: `${sessions} sessions: watch threads <= record's + pool + 2`,
      value: threads ? "yes" : "no",
      target: "yes",
      met: threads,
    });
    const ratio = Math.max(...runs.map((r) => r.p50Ratio));
    summaryRow({
      bench: "gateway",
      figure: `${sessions} sessions: watch added p50 / record's`,
      value: times(ratio),
      target: "<= x1.30",
      met: ratio <= 1.3,
    });
  }
}
