/**
 * The measurements of bench/fleet. The load is captured once: generator processes (generator.ts) record sessions
 * through the real recorder and `--otlp-logs` exporter into a capture server here, which keeps each OTLP request
 * body as sent. A measurement then starts one `serve` in this process (the library, so every finding is timed the
 * moment the judge reports it) and replays the bodies to it from another process (replay.mjs) at a given rate: what
 * is measured is serve, not recorders sharing its two cores. The lag of a finding runs from the moment the body
 * carrying its event was sent to the moment serve reported it; throughput is events judged over the time from the
 * first body sent to the last verdict.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServe } from "@mcp-conf/fleet";
import { decodeLogsProtobuf } from "@mcp-conf/otel-mapper";
import { percentile } from "../summary.js";

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

/** Recorded sessions as the OTLP request bodies their exporters sent, ready to replay. */
export interface CapturedLoad {
  /** The bodies, in the file format replay.mjs reads. */
  file: string;
  bodies: number;
  events: number;
  sessions: number;
  /** Which body carried each event (`session \0 seq`). */
  bodyOf: Map<string, number>;
  remove(): void;
}

/** `generators` recorder processes × `sessions` sessions of `messages` messages, captured as sent. */
export async function captureLoad(generators: number, sessions: number, messages: number): Promise<CapturedLoad> {
  const bodies: Buffer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      bodies.push(Buffer.concat(chunks));
      response.writeHead(200, { "content-type": "application/x-protobuf", "content-length": "0" });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    const results = await Promise.all(
      Array.from({ length: generators }, (_, i) =>
        runGenerator(`http://127.0.0.1:${port}`, `gen${i}`, sessions, messages, 0),
      ),
    );
    const lost = results.reduce((sum, r) => sum + r.lost, 0);
    if (lost > 0) throw new Error(`the recorders lost ${lost} records while the load was captured`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-fleet-load-"));
  const bodyOf = new Map<string, number>();
  const names = new Set<string>();
  const parts: Buffer[] = [];
  bodies.forEach((bytes, index) => {
    const { events } = decodeLogsProtobuf(bytes);
    for (const event of events) {
      bodyOf.set(`${event.session}\0${event.seq}`, index);
      names.add(event.session);
    }
    const head = Buffer.alloc(8);
    head.writeUInt32BE(events.length, 0);
    head.writeUInt32BE(bytes.length, 4);
    parts.push(head, bytes);
  });
  const file = join(dir, "bodies.bin");
  writeFileSync(file, Buffer.concat(parts));
  return {
    file,
    bodies: bodies.length,
    events: bodyOf.size,
    sessions: names.size,
    bodyOf,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ServeRun {
  events: number;
  sessions: number;
  /** Sessions given that got no verdict, plus events given that were not judged. */
  lost: number;
  /** Events per second the replay offered (paced), first body sent to last. */
  offered: number;
  /** Events judged per second, first body sent to last verdict. */
  eventsPerSecond: number;
  sessionsPerSecond: number;
  /** Finding lag, ms. */
  lagP50: number;
  lagP99: number;
  findings: number;
  /** Requests serve told to retry (429). */
  throttled: number;
  /** CPU time serve's process (every thread) spent per event judged, µs. */
  cpuPerEvent: number;
}

/** The captured load replayed to one serve at `rate` events/s (0: as fast as it answers). */
export async function measureServe(load: CapturedLoad, rate: number, judgeThreads?: number): Promise<ServeRun> {
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
  const cpuBefore = process.cpuUsage();
  try {
    const replay = await replayTo(serve.url, load.file, rate);
    const deadline = Date.now() + 120_000;
    while (verdicts < load.sessions && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const stats = serve.stats();
    const cpu = process.cpuUsage(cpuBefore);
    const firstSent = Math.min(...replay.sentAt);
    const lastSent = Math.max(...replay.sentAt);
    const seconds = (lastVerdict - firstSent) / 1000;
    const lags: number[] = [];
    for (const { session, seq, at } of found) {
      const body = load.bodyOf.get(`${session}\0${seq}`);
      if (body !== undefined) lags.push(at - replay.sentAt[body]!);
    }
    lags.sort((a, b) => a - b);
    return {
      events: stats.events,
      sessions: verdicts,
      lost: load.sessions - verdicts + (load.events - stats.events),
      offered: load.events / Math.max(0.001, (lastSent - firstSent) / 1000),
      eventsPerSecond: stats.events / seconds,
      sessionsPerSecond: verdicts / seconds,
      lagP50: percentile(lags, 0.5),
      lagP99: percentile(lags, 0.99),
      findings: lags.length,
      throttled: stats.receiver.throttled,
      cpuPerEvent: (cpu.user + cpu.system) / Math.max(1, stats.events),
    };
  } finally {
    await serve.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function replayTo(url: string, file: string, rate: number): Promise<{ sentAt: number[]; retried: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, "replay.mjs"), file, url, String(rate)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`replay exit ${code}`))));
  });
}
