/**
 * The measurements of bench/fleet. One `serve` in this process (the library, so every finding is timed the moment
 * the judge reports it) fed by generator processes (generator.ts) over OTLP/HTTP; the lag of a finding is the time
 * from its event's `ts` (when the generator recorded it) to the moment serve reported it. Throughput is events
 * judged over the time from the first recorded event to the last verdict.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServe } from "@mcp-conf/fleet";

const here = dirname(fileURLToPath(import.meta.url));

export interface GeneratorResult {
  recorded: number;
  exported: number;
  lost: number;
  firstAt: number;
  lastAt: number;
}

/** One generator process (tsx), resolving to what it printed. */
export function runGenerator(url: string, label: string, sessions: number, messages: number, rate: number) {
  return new Promise<GeneratorResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(here, "generator.ts"), url, label, String(sessions), String(messages), String(rate)],
      { cwd: join(here, ".."), stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as GeneratorResult) : reject(new Error(`generator exit ${code}`)),
    );
  });
}

export interface ServeRun {
  events: number;
  sessions: number;
  lost: number;
  /** Events judged per second, first recorded event to last verdict. */
  eventsPerSecond: number;
  sessionsPerSecond: number;
  /** Finding lag, ms. */
  lagP50: number;
  lagP99: number;
  findings: number;
  /** Requests serve told to retry (429). */
  throttled: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** `generators` processes × `sessions` sessions of `messages` messages at `rate` events/s each (0: unpaced). */
export async function measureServe(
  generators: number,
  sessions: number,
  messages: number,
  rate: number,
  judgeThreads?: number,
): Promise<ServeRun> {
  const home = mkdtempSync(join(tmpdir(), "mcp-conf-bench-fleet-"));
  const found: { session: string; seq: number; at: number }[] = [];
  let lastVerdict = 0;
  let verdicts = 0;
  const serve = await startServe({
    stateDir: home,
    port: 0,
    instance: "bench",
    ...(judgeThreads === undefined ? {} : { judgeThreads }),
    onFinding: (session, finding) => {
      if (finding.seq !== undefined) found.push({ session, seq: finding.seq, at: Date.now() });
    },
    onVerdict: () => {
      verdicts++;
      lastVerdict = Date.now();
    },
  });
  try {
    const results = await Promise.all(
      Array.from({ length: generators }, (_, i) => runGenerator(serve.url, `gen${i}`, sessions, messages, rate)),
    );
    const total = generators * sessions;
    const deadline = Date.now() + 120_000;
    while (verdicts < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const stats = serve.stats();
    const firstAt = Math.min(...results.map((r) => r.firstAt));
    const seconds = (lastVerdict - firstAt) / 1000;
    const lags: number[] = [];
    const traces = new Map<string, string[]>();
    for (const { session, seq, at } of found) {
      let lines = traces.get(session);
      if (!lines) {
        lines = readFileSync(join(home, "sessions", `${session}.jsonl`), "utf8").split("\n");
        traces.set(session, lines);
      }
      const ts = (JSON.parse(lines[seq]!) as { ts?: string }).ts;
      if (ts !== undefined) lags.push(at - Date.parse(ts));
    }
    lags.sort((a, b) => a - b);
    return {
      events: stats.events,
      sessions: verdicts,
      lost: results.reduce((sum, r) => sum + r.lost, 0) + (total - verdicts),
      eventsPerSecond: stats.events / seconds,
      sessionsPerSecond: verdicts / seconds,
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
      findings: lags.length,
      throttled: stats.receiver.throttled,
    };
  } finally {
    await serve.close();
    rmSync(home, { recursive: true, force: true });
  }
}
