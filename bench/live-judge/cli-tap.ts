/**
 * The live judge as the built CLI runs it (informative; bench.ts runs this after all its own runs). `watch stdio`
 * hands the recorder's trace thread the CLI's tap module, which runs the judge from the CLI's tap bundle through its V8
 * code cache (packages/cli/src/startup/judge-tap.ts). Its baseline is the same trace validated as the CLI's
 * `validate` does it: a fresh process loading the CLI's judging bundle through its code cache, reading, parsing and
 * judging the trace (the cache speeds up both sides). Each round records the session three times, in an order that
 * turns with the round: without a judge, with the judge through the CLI's tap, and with the package's tap as bench.ts
 * runs it, so the round also shows what the cache saves. All three run under `watch`'s V8 flags, which the tap's
 * cache is made under, and which stay set for the rest of the process: hence last.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import type { ThreadTapModule } from "@mcp-conf/recorder";
import { median, summaryRow, times } from "../summary.js";
import type { ThreadSplit } from "./thread-cpu.js";

const DIST = join(import.meta.dirname, "..", "..", "packages", "cli", "dist");

/** What the CLI's tap module exports to the session's side (packages/cli/src/startup/judge-tap.ts). */
interface CliTap {
  cachedJudgeTap(tap: ThreadTapModule): ThreadTapModule;
  WATCH_V8_FLAGS: string;
}

/** What bench.ts's recording returns, as far as this uses it. */
interface Recording {
  cpuMs: number;
  threads?: ThreadSplit;
  readyMs?: number;
  /** The trace thread's CPU up to the judge's being ready (Linux). */
  readyTraceMs?: number;
}

export interface CliTapOptions {
  rounds: number;
  /** The planted session's trace (the baseline validates it). */
  traceFile: string;
  /** Records the planted session, judged or not; `via` turns the package's tap into the one the recorder is handed. */
  record(
    judged: boolean,
    round: number,
    name: string,
    via?: (tap: ThreadTapModule) => ThreadTapModule,
  ): Promise<Recording>;
}

// One `validate` from the CLI's judging bundle, as bin.js runs it when no project file applies; prints its CPU ms.
const coldScript = `
  import { Readable, Writable } from "node:stream";
  import { join } from "node:path";
  import { pathToFileURL } from "node:url";
  const [dist, file] = process.argv.slice(1);
  const discard = () => new Writable({ write(_chunk, _encoding, done) { done(); } });
  const io = { stdout: discard(), stderr: discard(), stdin: Readable.from([]) };
  const start = process.cpuUsage();
  const { loadScript } = await import(pathToFileURL(join(dist, "code-cache.js")).href);
  const bundle = loadScript(join(dist, "judging.cjs"));
  if (bundle.cache !== "accepted") throw new Error("the judging bundle's code cache was " + bundle.cache);
  if ((await bundle.exports.runPlainCommand(["validate", file], io)) === undefined) throw new Error("validate did not run");
  const used = process.cpuUsage(start);
  console.log((used.user + used.system) / 1000);`;

function coldCliBatch(file: string): number {
  return Number(
    execFileSync(process.execPath, ["--input-type=module", "-e", coldScript, DIST, file], { encoding: "utf8" }),
  );
}

/**
 * Why the CLI's tap would not run from its cache in this process (undefined: it would), asked of a thread of this
 * process, so under the flags its recordings run with: V8 refuses a cache made under other flags.
 */
async function tapBundleProblem(): Promise<string | undefined> {
  const script = `
    const { parentPort } = require("node:worker_threads");
    import(${JSON.stringify(pathToFileURL(join(DIST, "code-cache.js")).href)}).then(({ loadScript }) => {
      try {
        loadScript(${JSON.stringify(join(DIST, "judge-tap.cjs"))}, undefined, { cachedOnly: true });
        parentPort.postMessage(undefined);
      } catch (error) {
        parentPort.postMessage(error.message);
      }
    });`;
  const worker = new Worker(script, { eval: true });
  const problem = await new Promise<string | undefined>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  return problem;
}

const fmt = (n: number) => n.toFixed(1);
const signed = (n: number) => `${n < 0 ? "" : "+"}${fmt(n)}`;

export async function cliTapVariant({ rounds, traceFile, record }: CliTapOptions): Promise<void> {
  let cli: CliTap;
  try {
    cli = (await import(pathToFileURL(join(DIST, "judge-tap.js")).href)) as CliTap;
  } catch {
    console.log("  through the CLI's cached tap: skipped, the CLI is not built (pnpm build)");
    return;
  }
  // The process's flags as watch's.
  setFlagsFromString(cli.WATCH_V8_FLAGS);
  const problem = await tapBundleProblem();
  if (problem !== undefined) {
    console.log(`  through the CLI's cached tap: skipped, its bundle would not run from its cache here: ${problem}`);
    return;
  }
  const ratios: number[] = [];
  const packageRatios: number[] = [];
  const saved = { cpu: [] as number[], trace: [] as number[], ready: [] as number[], start: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const coldMs = coldCliBatch(traceFile);
    const kinds = ["plain", "cli", "package"] as const;
    const runs: Partial<Record<(typeof kinds)[number], Recording>> = {};
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(i + round) % kinds.length]!;
      runs[kind] = await record(
        kind !== "plain",
        round,
        `cli-tap-${kind}`,
        kind === "cli" ? cli.cachedJudgeTap : undefined,
      );
    }
    const { plain, cli: cached, package: esm } = runs as Record<(typeof kinds)[number], Recording>;
    const added = cached.cpuMs - plain.cpuMs;
    const packageAdded = esm.cpuMs - plain.cpuMs;
    ratios.push(added / coldMs);
    packageRatios.push(packageAdded / coldMs);
    const cpu = cached.cpuMs - esm.cpuMs;
    const ready = cached.readyMs! - esm.readyMs!;
    const trace = cached.threads && esm.threads ? cached.threads.started - esm.threads.started : Number.NaN;
    const start = (cached.readyTraceMs ?? Number.NaN) - (esm.readyTraceMs ?? Number.NaN);
    saved.cpu.push(cpu);
    saved.ready.push(ready);
    saved.trace.push(trace);
    saved.start.push(start);
    console.log(
      `  through the CLI's cached tap, round ${round + 1}: cold batch through the CLI's judging bundle ${fmt(coldMs)} ms CPU; judge adds ${fmt(added)} ms = ${times(added / coldMs)} it (the package's tap, same flags: ${fmt(packageAdded)} ms = ${times(packageAdded / coldMs)}); against the package's tap: process ${signed(cpu)} ms CPU, trace thread ${signed(trace)} (of it up to ready ${signed(start)}), ready ${signed(ready)} ms (${fmt(cached.readyMs!)} ms)`,
    );
  }
  const ratio = median(ratios);
  console.log(
    `  through the CLI's cached tap   median ${times(ratio)} the cold batch through the CLI's judging bundle over ${rounds} rounds (the package's tap ${times(median(packageRatios))}; paired medians against it: process ${signed(median(saved.cpu))} ms CPU, trace thread ${signed(median(saved.trace))} (of it up to ready ${signed(median(saved.start))}), ready ${signed(median(saved.ready))} ms) (informative)`,
  );
  summaryRow({
    bench: "live-judge",
    figure: `live judge through the CLI's cached tap CPU / cold batch through the CLI's judging bundle, median of ${rounds}`,
    value: times(ratio),
    target: "",
  });
}
