/**
 * Gateway benchmark: K concurrent sessions of the official SDK client (driver.mjs, a process of its own), M `echo`
 * calls each, against server-everything over streamable HTTP — direct, through `mcp-conf record http`, through
 * `mcp-conf watch http` (one judge pool), and through each again with `--redact-secrets` (the redacting variants: one
 * shared writer thread) — in the same round, for K = 10, 100, 500, 1,000 (BENCH_SESSIONS, BENCH_CALLS, BENCH_RUNS
 * rounds, BENCH_MODES to run fewer). Sessions connect 50 at a time (BENCH_CONNECTS) and are all open at once; then a
 * third DELETE, a third close, a third (whose GET stream was refused) go quiet until the proxy's idle timeout ends
 * them (BENCH_IDLE_S, 5 s). Printed per mode: calls served, errors — and of those, ours: the proxy's own answers
 * (502/508, `proxy: true` in its traces) and any error the traces do not show the upstream causing (its breaking off
 * a response is the upstream's) — the latency the proxy adds to p50 and p99 (and the ratio to direct's), the proxy
 * process's CPU per call, its peak RSS and peak thread count (/proc, every 50 ms), sessions started against traces
 * written and reports written (judged). Targets (issue 30): 0 errors of ours at 100 and 1,000 sessions; at 1,000,
 * watch's peak RSS <= 400 MB, threads <= the pool + a handful (record's count + the pool + 2), added p50 <= 1.3x
 * record's (median of the rounds; each added latency floored at 1 ms); every session started judged once; a redacting variant's threads <= its plain one's + 2.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEverythingHttp } from "@mcp-conf/testing";
import { median, summaryRow, times } from "../summary.js";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, "..", "..", "packages", "cli", "dist", "bin.js");
const SIZES = (process.env.BENCH_SESSIONS ?? "10,100,500,1000").split(",").map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 5);
const CONNECTS = Number(process.env.BENCH_CONNECTS ?? 50);
const POOL = Number(process.env.BENCH_JUDGE_THREADS ?? availableParallelism());
const MODES = (process.env.BENCH_MODES ?? "record,watch,record-redact,watch-redact").split(",") as Mode[];

type Mode = "record" | "watch" | "record-redact" | "watch-redact";

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
  /** Responses the proxy made itself (502, 508: `proxy: true`). */
  own: number;
  /** Responses the upstream broke off (passed on to the client as a broken response). */
  upstreamBroke: number;
  exit: number | null;
}

const load = () => loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)} ms`;
/** Errors of ours: the proxy's own answers, and errors its traces do not show the upstream causing. */
const oursOf = (run: Proxied) => run.own + Math.max(0, run.errors - run.own - run.upstreamBroke);

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

function drive(url: string, sessions: number, idleMs: number): Promise<Driven> {
  return new Promise((resolve, reject) => {
    const args = [join(here, "driver.mjs"), url, String(sessions), String(CALLS), String(idleMs), String(CONNECTS)];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
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

/** What the traces in `dir` say: the proxy's own answers, and responses the upstream broke off. */
function readTraces(dir: string): { own: number; upstreamBroke: number } {
  let own = 0;
  let upstreamBroke = 0;
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      if (line.includes('"proxy":true')) own++;
      else if (line.includes('"event":"transport-abort"') && line.includes("the upstream broke off")) upstreamBroke++;
    }
  }
  return { own, upstreamBroke };
}

async function proxied(mode: Mode, upstream: string, sessions: number): Promise<Proxied> {
  const command = mode.startsWith("watch") ? "watch" : "record";
  const dir = mkdtempSync(join(tmpdir(), `mcp-conf-bench-gateway-${mode}-`));
  const args = [BIN, command, "http", "--upstream", upstream, "--listen", "127.0.0.1:0"];
  args.push("-o", join(dir, "traces", "{session}.jsonl"), "--session-idle-timeout", String(IDLE_S));
  if (command === "watch")
    args.push("--judge-threads", String(POOL), "--report", join(dir, "reports", "{session}.txt"));
  if (mode.endsWith("-redact")) args.push("--redact-secrets");
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
    ...readTraces(join(dir, "traces")),
    exit,
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

function line(name: string, run: Driven, direct?: Driven): string {
  const total = run.started * CALLS;
  let text = `    ${name.padEnd(13)} sessions ${run.started}, served ${run.served}/${total}, errors ${run.errors}`;
  if ("cpuMs" in run) {
    const p = run as Proxied;
    text += ` (ours ${oursOf(p)}: own answers ${p.own}; upstream broke off ${p.upstreamBroke})`;
  }
  if (direct) {
    text += `, added p50 ${signed(run.p50 - direct.p50)} (${times(run.p50 / direct.p50)} direct), p99 ${signed(run.p99 - direct.p99)}`;
  } else text += `, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`;
  if ("cpuMs" in run) {
    const p = run as Proxied;
    text += `; CPU/call ${ms(p.cpuMs / Math.max(1, p.served))}, peak RSS ${p.peakMb.toFixed(0)} MB, threads ${p.threads}, traces ${p.traces}`;
    if (name.startsWith("watch")) text += `, judged ${p.reports}`;
    if (p.exit !== 0) text += `, exit ${p.exit}`;
  }
  if (run.samples.length > 0) text += `\n      errors: ${run.samples.join(" | ")}`;
  return text;
}

interface Round {
  ours: number;
  judgedOk: boolean;
  rss: number;
  threadsOk: boolean;
  redactThreadsOk: boolean;
  p50Ratio: number;
  /** Watch's p50 over record's, whole (what a saturated upstream's queueing leaves comparable). */
  wholeP50Ratio: number;
}

const acceptance = new Map<number, Round[]>();
const began = performance.now();
console.log(
  `gateway: ${SIZES.join(", ")} sessions x ${CALLS} calls, ${RUNS} round(s), modes ${MODES.join(", ")}, judge pool ${POOL}, idle timeout ${IDLE_S} s, ${CONNECTS} connecting at a time; load ${load()}`,
);
for (const sessions of SIZES) {
  const everything = await startEverythingHttp();
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`  ${sessions} sessions, round ${run} (load ${load()}):`);
      const direct = await drive(everything.url, sessions, 0);
      console.log(line("direct", direct));
      const runs = new Map<Mode, Proxied>();
      for (const mode of MODES) {
        const result = await proxied(mode, everything.url, sessions);
        runs.set(mode, result);
        console.log(line(mode, result, direct));
      }
      const record = runs.get("record");
      const watch = runs.get("watch");
      // What the proxy adds, floored at 1 ms: at a saturated upstream the direct run's own queueing can exceed a
      // proxied run's (the proxy's bounded upstream connections queue gentler), and a ratio of two noises means nothing.
      const added = (r: Proxied) => Math.max(1, r.p50 - direct.p50);
      const p50Ratio = record && watch ? added(watch) / added(record) : Number.NaN;
      if (record && watch) {
        console.log(
          `    watch/record: added p50 ${times(p50Ratio)} (p50 ${times(watch.p50 / record.p50)}), CPU/call ${times(watch.cpuMs / watch.served / (record.cpuMs / record.served))}, peak RSS ${times(watch.peakMb / record.peakMb)}, threads ${watch.threads} vs ${record.threads} (pool ${POOL}); started ${watch.started}, judged ${watch.reports}`,
        );
      }
      const redactPairs: [Mode, Mode][] = [
        ["record-redact", "record"],
        ["watch-redact", "watch"],
      ];
      let redactThreadsOk = true;
      for (const [redacting, plain] of redactPairs) {
        const r = runs.get(redacting);
        const p = runs.get(plain);
        if (!r || !p) continue;
        redactThreadsOk &&= r.threads <= p.threads + 2;
        console.log(
          `    ${redacting}/${plain}: added p50 ${times(added(r) / added(p))} (p50 ${times(r.p50 / p.p50)}), CPU/call ${times(r.cpuMs / r.served / (p.cpuMs / p.served))}, peak RSS ${times(r.peakMb / p.peakMb)}, threads ${r.threads} vs ${p.threads}`,
        );
      }
      const proxiedRuns = [...runs.values()];
      acceptance.set(sessions, [
        ...(acceptance.get(sessions) ?? []),
        {
          ours: proxiedRuns.reduce((n, r) => n + oursOf(r), 0),
          judgedOk: [...runs].every(
            ([mode, r]) => r.traces === r.started && (!mode.startsWith("watch") || r.reports === r.started),
          ),
          rss: watch?.peakMb ?? Number.NaN,
          threadsOk: !watch || !record || watch.threads <= record.threads + POOL + 2,
          redactThreadsOk,
          p50Ratio,
          wholeP50Ratio: record && watch ? watch.p50 / record.p50 : Number.NaN,
        },
      ]);
    }
  } finally {
    await everything.stop();
  }
}
const minutes = (performance.now() - began) / 60_000;
console.log(`load at the end ${load()}; took ${minutes.toFixed(1)} min`);

for (const [sessions, runs] of acceptance) {
  const ours = runs.reduce((n, r) => n + r.ours, 0);
  const row = (figure: string, value: string, target: string, met: boolean) =>
    summaryRow({ bench: "gateway", figure: `${sessions} sessions: ${figure}`, value, target, met });
  row(`errors of ours (every proxied mode, ${runs.length} round(s))`, String(ours), "0", ours === 0);
  const judged = runs.every((r) => r.judgedOk);
  row("every session started ended and judged once", judged ? "yes" : "no", "yes", judged);
  const redact = runs.every((r) => r.redactThreadsOk);
  row("redacting threads <= plain's + 2", redact ? "yes" : "no", "yes", redact);
  if (sessions >= 1000 && runs.some((r) => !Number.isNaN(r.rss))) {
    const rss = Math.max(...runs.map((r) => r.rss));
    row("watch http peak RSS", `${rss.toFixed(0)} MB`, "<= 400 MB", rss <= 400);
    const threads = runs.every((r) => r.threadsOk);
    row("watch threads <= record's + pool + 2", threads ? "yes" : "no", "yes", threads);
    const ratio = median(runs.map((r) => r.p50Ratio));
    row(`watch added p50 / record's (median of ${runs.length})`, times(ratio), "<= x1.30", ratio <= 1.3);
    const whole = median(runs.map((r) => r.wholeP50Ratio));
    summaryRow({
      bench: "gateway",
      figure: `${sessions} sessions: watch p50 / record's, whole (median of ${runs.length}; read it when direct saturates)`,
      value: times(whole),
      target: "",
    });
  }
}
