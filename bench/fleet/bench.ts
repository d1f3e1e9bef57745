/**
 * bench/fleet: what one `mcp-conf serve` sustains, and how sessions split across two behind the Collector.
 * (0) The load: generator processes record sessions through the real recorder and `--otlp-logs` exporter; their OTLP
 *     request bodies are captured once and replayed from another process in (2) and (3) (measure.ts), so the figures
 *     are serve's own, not the recorders' sharing its two cores.
 * (1) Baseline in this run: `validate` of one generated session's events in this process (the engine alone).
 * (2) Paced: the bodies replayed at RATE events/s (default 22,000) to one serve: events/s and sessions/s judged, and
 *     the wire->finding lag (body sent -> finding reported), p50 and p99. Targets: >= 20,000 events/s sustained
 *     (judged as fast as offered, nothing lost), p99 lag <= 1 s.
 * (3) Unpaced: the same bodies as fast as serve answers: serve's ceiling, as a ratio to (1); and the same judged in
 *     serve's receiving thread (judgeThreads 0) instead of on the live judge's pool.
 * (4) With the Collector (when scripts/ensure.d/40-otelcol.sh has built it): the generators send to the Collector,
 *     which routes sessions to 2 serve processes; the split of sessions between them and the events/s of the pair
 *     against the same Collector routing everything to 1 serve. On 2 cores this reports scaling; it promises none.
 * Sizes: BENCH_GENERATORS (2), BENCH_SESSIONS (100 per generator), BENCH_MESSAGES (1,000 per session), BENCH_RATE.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { validate } from "@mcp-conf/validator";
import {
  collectorBinary,
  freePort,
  startCollector,
  startServeProcess,
  verdictsIn,
} from "../../packages/fleet/test/fleet-harness.js";
import { summaryRow, times } from "../summary.js";
import { sessionEvents } from "../validator/generate-session.js";
import { captureLoad, measureServe, runGenerator } from "./measure.js";

const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 2);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
// Offered a tenth above the 20,000 events/s target, so timer slack in the replay cannot leave the offer under it.
const RATE = Number(process.env.BENCH_RATE ?? 22_000);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const load = () => loadavg()[0]!.toFixed(1);

// (0) The load.
const captured = await captureLoad(GENERATORS, SESSIONS, MESSAGES);
console.log(
  `load: ${captured.sessions} sessions, ${fmt(captured.events)} events in ${fmt(captured.bodies)} OTLP requests (load ${load()})`,
);

// (1) The engine alone, in this process.
const events = [...sessionEvents(MESSAGES)];
const rounds = 3;
const started = performance.now();
const cpuBefore = process.cpuUsage();
for (let i = 0; i < rounds; i++) validate(events);
const baseline = (events.length * rounds) / ((performance.now() - started) / 1000);
const cpu = process.cpuUsage(cpuBefore);
const baselineCpu = (cpu.user + cpu.system) / (events.length * rounds);
console.log(
  `baseline: validate of a ${fmt(events.length)}-event session: ${fmt(baseline)} events/s, ${baselineCpu.toFixed(1)} µs CPU ` +
    `per event (load ${load()})`,
);

// (2) Paced.
const paced = await measureServe(captured, RATE);
console.log(
  `paced at ${fmt(RATE)} events/s (offered ${fmt(paced.offered)}): ${fmt(paced.events)} events, ${paced.sessions} sessions ` +
    `judged, ${paced.lost} lost, ${fmt(paced.eventsPerSecond)} events/s, ${paced.sessionsPerSecond.toFixed(1)} sessions/s; ` +
    `lag p50 ${fmt(paced.lagP50)} ms, p99 ${fmt(paced.lagP99)} ms over ${paced.findings} findings; ${paced.throttled} ` +
    `requests told to retry; ${paced.cpuPerEvent.toFixed(1)} µs CPU per event (load ${load()})`,
);
// Sustained: everything offered at the rate was judged, as fast as it came (the tail of the last sessions aside).
const sustained = paced.offered >= 20_000 && paced.lost === 0 && paced.eventsPerSecond >= 0.95 * paced.offered;
summaryRow({
  bench: "fleet",
  figure: "one serve, paced: events/s judged",
  value: `${fmt(paced.eventsPerSecond)} of ${fmt(paced.offered)} offered`,
  target: ">= 20,000",
  met: sustained,
});
summaryRow({
  bench: "fleet",
  figure: "one serve, paced: p99 wire->finding lag",
  value: `${fmt(paced.lagP99)} ms`,
  target: "<= 1,000 ms",
  met: paced.lagP99 <= 1000,
});

summaryRow({
  bench: "fleet",
  figure: "one serve: CPU per event, all threads / validate alone",
  value: times(paced.cpuPerEvent / baselineCpu),
  target: "",
});

// (3) Unpaced.
const unpaced = await measureServe(captured, 0);
console.log(
  `unpaced: ${fmt(unpaced.eventsPerSecond)} events/s, ${unpaced.sessionsPerSecond.toFixed(1)} sessions/s ` +
    `(${times(unpaced.eventsPerSecond / baseline)} of validate alone), lag p99 ${fmt(unpaced.lagP99)} ms, ${unpaced.lost} lost, ${unpaced.cpuPerEvent.toFixed(1)} µs CPU per event (load ${load()})`,
);
summaryRow({
  bench: "fleet",
  figure: "one serve, unpaced: events/s judged, p99 lag",
  value: `${fmt(unpaced.eventsPerSecond)}, ${fmt(unpaced.lagP99)} ms`,
  target: ">= 20,000, <= 1,000 ms",
  met: unpaced.eventsPerSecond >= 20_000 && unpaced.lagP99 <= 1000 && unpaced.lost === 0,
});
summaryRow({
  bench: "fleet",
  figure: "one serve, unpaced / validate alone (events/s)",
  value: times(unpaced.eventsPerSecond / baseline),
  target: "",
});

// (3b) Unpaced, judging in the receiving thread instead of on the judge pool.
const inline = await measureServe(captured, 0, 0);
console.log(
  `unpaced, judged inline: ${fmt(inline.eventsPerSecond)} events/s, ${inline.cpuPerEvent.toFixed(1)} µs CPU per event; the pool's ${times(unpaced.eventsPerSecond / inline.eventsPerSecond)} of it (load ${load()})`,
);
summaryRow({
  bench: "fleet",
  figure: "one serve, unpaced: judge pool / inline (events/s)",
  value: times(unpaced.eventsPerSecond / inline.eventsPerSecond),
  target: "",
});
captured.remove();

// (4) Behind the Collector.
let haveCollector = true;
try {
  collectorBinary();
} catch {
  haveCollector = false;
}
if (!haveCollector) {
  console.log("collector: not built (sh scripts/ensure-peers.sh builds it); the 2-instance split is not measured");
} else {
  const one = await throughCollector(1);
  const two = await throughCollector(2);
  console.log(
    `collector -> 1 serve: ${fmt(one.eventsPerSecond)} events/s; -> 2 serves: ${fmt(two.eventsPerSecond)} events/s ` +
      `(${times(two.eventsPerSecond / one.eventsPerSecond)}), sessions split ${two.split.join(" / ")}; incomplete ` +
      `(records the Collector gave up on) ${one.incomplete} and ${two.incomplete} (load ${load()})`,
  );
  summaryRow({
    bench: "fleet",
    figure: "Collector -> 2 serves / -> 1 serve (events/s)",
    value: times(two.eventsPerSecond / one.eventsPerSecond),
    target: "",
  });
}

async function throughCollector(
  instances: 1 | 2,
): Promise<{ eventsPerSecond: number; split: number[]; incomplete: number }> {
  const root = mkdtempSync(join(tmpdir(), "mcp-conf-bench-fleet-"));
  const serves = [];
  // A session the Collector gave up on (its retries end after 5 s) is finalised, incomplete, 10 s after its last record.
  const args = ["--quiet", "--idle-seconds", "10"];
  for (let i = 0; i < instances; i++) serves.push(await startServeProcess(join(root, `s${i}`), await freePort(), args));
  const collector = await startCollector(serves[0]!.url, serves[instances - 1]!.url, join(root, "collector.jsonl"));
  try {
    const results = await Promise.all(
      Array.from({ length: GENERATORS }, (_, i) => runGenerator(collector.url, `c${i}`, SESSIONS, MESSAGES, 0)),
    );
    const total = GENERATORS * SESSIONS;
    const judged = () => serves.reduce((sum, serve) => sum + verdictsIn(serve.home).length, 0);
    const deadline = Date.now() + 180_000;
    while (judged() < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (Date.now() - Math.min(...results.map((r) => r.firstAt))) / 1000;
    const eventsJudged = serves.reduce(
      (sum, serve) => sum + verdictsIn(serve.home).reduce((n, v) => n + v.events, 0),
      0,
    );
    const incomplete = serves.reduce((n, serve) => n + verdictsIn(serve.home).filter((v) => !v.complete).length, 0);
    return {
      eventsPerSecond: eventsJudged / seconds,
      split: serves.map((serve) => verdictsIn(serve.home).length),
      incomplete,
    };
  } finally {
    await collector.stop();
    for (const serve of serves) await serve.stop();
    if (existsSync(root)) rmSync(root, { recursive: true, force: true });
  }
}
