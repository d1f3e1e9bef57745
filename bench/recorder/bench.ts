/**
 * The recorder's benchmark: what recording costs a live session, as ratios against the direct path measured in the
 * same run. (1) stdio round trips through the relay vs straight to the echo server: added p50 (target <= 0.2 ms)
 * and p99 (target <= 1 ms). (2) streaming 1 KiB notifications through the relay vs a direct pipe: throughput ratio
 * (target >= 80%). (3) HTTP tools/call against server-everything through the proxy vs direct: p50 ratio (target
 * <= 1.10). The relay and the proxy run in their own processes and write their trace files, as `mcp-conf record`
 * does. Each figure also shows the floor: a do-nothing Node process in the same place (pipe() both ways), the
 * least any relay or proxy in its own process costs on this machine; and for the burst, the CPU that process used
 * (all its threads) against the floor relay's, which the machine's load hardly moves (with the load average at the
 * start and end, to read the wall-time figures by), split into the main thread (which forwards) and the others. The
 * burst also runs through the same relay recording nothing (`BENCH_SINK=none` for that run), so what recording adds
 * shows apart from what the relay's own forwarding costs against the floor. Sizes: BENCH_ROUND_TRIPS, BENCH_STREAM,
 * BENCH_HTTP_CALLS in BENCH_HTTP_BLOCKS (after BENCH_HTTP_WARMUP calls each, 1,000: V8 optimises a proxy's code over its first ~1,000
 * calls, and the figure is the steady state; the warm-up's own ratio is printed), BENCH_ROUNDS. BENCH_SINK picks what the relay and proxy record into; by default each records as
 * `mcp-conf record` does: the relay into `thread` (the threaded file sink), the proxy into `main` (the main-thread
 * file sink, one write per drained slice). Others: `line` (main-thread, one write per event), `batch` (main-thread,
 * 64 KiB at a time), `callback` (events built, nothing written) or `none` (no recording: the extra hop alone).
 * BENCH_HOP_NODE_ARGS gives the relay and proxy processes (not the servers) Node options, e.g.
 * `--cpu-prof --cpu-prof-dir=DIR` to profile them under the bench's load.
 */
import { loadavg } from "node:os";
import { summaryRow, times } from "../summary.js";
import {
  burstCpu,
  burstThreads,
  httpToolCalls,
  median,
  percentile,
  relayReports,
  stdioRoundTrips,
  stdioStream,
} from "./measure.js";

const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 5_000);
const STREAM = Number(process.env.BENCH_STREAM ?? 100_000);
const HTTP_CALLS = Number(process.env.BENCH_HTTP_CALLS ?? 2_000);
/** tools/call made through each before the measured ones (see `httpToolCalls`). */
const HTTP_WARMUP = Number(process.env.BENCH_HTTP_WARMUP ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ms = (n: number) => `${n.toFixed(3)} ms`;
console.log(`recording into: ${process.env.BENCH_SINK ?? "thread for the relay, main for the proxy"} (BENCH_SINK)`);
const loadAtStart = loadavg()[0]!;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

const VIAS = ["direct", "recorded", "floor"] as const;

// (1) round trips, alternating direct, relayed and floor runs.
const p50s = { direct: [] as number[], recorded: [] as number[], floor: [] as number[] };
const p99s = { direct: [] as number[], recorded: [] as number[], floor: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  for (const via of VIAS) {
    const latencies = await stdioRoundTrips(via, ROUND_TRIPS);
    p50s[via].push(percentile(latencies, 0.5));
    p99s[via].push(percentile(latencies, 0.99));
  }
}
const p50 = { direct: median(p50s.direct), recorded: median(p50s.recorded), floor: median(p50s.floor) };
const p99 = { direct: median(p99s.direct), recorded: median(p99s.recorded), floor: median(p99s.floor) };
console.log(
  `stdio round trips (${ROUND_TRIPS} x ${ROUNDS}): p50 ${ms(p50.direct)} direct, ${ms(p50.recorded)} relayed ` +
    `-> x${(p50.recorded / p50.direct).toFixed(2)}, +${ms(p50.recorded - p50.direct)} (target <= +0.2 ms: ${verdict(p50.recorded - p50.direct <= 0.2)}); ` +
    `floor relay +${ms(p50.floor - p50.direct)}`,
);
console.log(
  `stdio round trips: p99 ${ms(p99.direct)} direct, ${ms(p99.recorded)} relayed ` +
    `-> x${(p99.recorded / p99.direct).toFixed(2)}, +${ms(p99.recorded - p99.direct)} (target <= +1 ms: ${verdict(p99.recorded - p99.direct <= 1)}); ` +
    `floor relay +${ms(p99.floor - p99.direct)}`,
);

summaryRow({
  bench: "recorder",
  figure: "record stdio round trip p99 − direct",
  value: `+${ms(p99.recorded - p99.direct)}`,
  target: "<= +1 ms",
  met: p99.recorded - p99.direct <= 1,
});

// (2) streaming.
relayReports.length = 0;
const streamMs = { direct: [] as number[], recorded: [] as number[], floor: [] as number[], bare: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  for (const via of [...VIAS, "bare"] as const) streamMs[via].push(await stdioStream(via, STREAM));
}
const stream = { direct: median(streamMs.direct), recorded: median(streamMs.recorded), floor: median(streamMs.floor) };
const ratio = stream.direct / stream.recorded;
const mibps = (t: number) => ((STREAM * 1024) / 1048576 / (t / 1000)).toFixed(0);
console.log(
  `stdio streaming (${STREAM.toLocaleString("en-US")} x 1 KiB): ${mibps(stream.direct)} MiB/s direct, ${mibps(stream.recorded)} MiB/s relayed ` +
    `-> ${(ratio * 100).toFixed(0)}% of direct throughput (target >= 80%: ${verdict(ratio >= 0.8)}); ` +
    `floor relay ${((stream.direct / stream.floor) * 100).toFixed(0)}%`,
);

const floorRatio = stream.floor / stream.recorded;
const dropShare = relayReports.map((r) => r.dropped / (r.written + r.dropped));
const worstDrop = Math.max(...dropShare);
console.log(
  `stdio streaming: relayed throughput ${times(floorRatio)} the floor relay's (target >= x0.90: ${verdict(floorRatio >= 0.9)}); ` +
    `observations dropped per run ${dropShare.map((d) => `${(d * 100).toFixed(2)}%`).join(", ")} (target <= 0.5% in each: ${verdict(worstDrop <= 0.005)})`,
);
summaryRow({
  bench: "recorder",
  figure: "record stdio burst throughput / floor relay",
  value: times(floorRatio),
  target: ">= x0.90",
  met: floorRatio >= 0.9,
});
summaryRow({
  bench: "recorder",
  figure: "record stdio burst throughput / direct pipe",
  value: times(ratio),
  target: ">= x0.80 where the machine allows",
  met: ratio >= 0.8,
});
// The relay recording nothing: what the relay's own forwarding costs against the floor, and what recording adds to it.
const bare = median(streamMs.bare);
console.log(
  `stdio streaming: the relay recording nothing (BENCH_SINK=none) ${times(stream.floor / bare)} the floor relay's throughput; ` +
    `the recording relay ${times(bare / stream.recorded)} of it`,
);
summaryRow({
  bench: "recorder",
  figure: "record stdio burst throughput / same relay recording nothing",
  value: times(bare / stream.recorded),
  target: "",
});
if (burstThreads.recorded.length > 0) {
  const split = (via: "recorded" | "bare" | "floor") =>
    `${median(burstThreads[via].map((t) => t.main)).toFixed(0)} + ${median(burstThreads[via].map((t) => t.others)).toFixed(0)} ms`;
  console.log(
    `stdio streaming: CPU per burst (median), main thread + other threads: recording relay ${split("recorded")}, ` +
      `relay recording nothing ${split("bare")}, floor relay ${split("floor")}`,
  );
}
if (burstCpu.recorded.length > 0) {
  // CPU of the process in the relay's place over each burst: the figure the machine's load hardly moves.
  const cpu = { recorded: median(burstCpu.recorded), floor: median(burstCpu.floor) };
  console.log(
    `stdio streaming: CPU of the process in the relay's place per burst (median), all threads: ${cpu.recorded.toFixed(0)} ms ` +
      `recording relay, ${cpu.floor.toFixed(0)} ms floor relay -> ${times(cpu.recorded / cpu.floor)}`,
  );
  summaryRow({
    bench: "recorder",
    figure: "record stdio burst: relay CPU / floor relay CPU",
    value: times(cpu.recorded / cpu.floor),
    target: "",
  });
}
summaryRow({
  bench: "recorder",
  figure: `observations dropped, worst of ${dropShare.length} bursts`,
  value: `${(worstDrop * 100).toFixed(2)}%`,
  target: "<= 0.5%",
  met: worstDrop <= 0.005,
});

// (3) HTTP.
/** Blocks of the measured calls: 20 of 100 by default, in `blockOrder`. */
const HTTP_BLOCKS = Number(process.env.BENCH_HTTP_BLOCKS ?? 20);
const http = await httpToolCalls(HTTP_CALLS, HTTP_BLOCKS, HTTP_WARMUP);
const h50 = { direct: percentile(http.direct, 0.5), recorded: percentile(http.recorded, 0.5) };
const h99 = { direct: percentile(http.direct, 0.99), recorded: percentile(http.recorded, 0.99) };
const hFloor = percentile(http.floor, 0.5) / h50.direct;
console.log(
  `http tools/call (${HTTP_CALLS}): p50 ${ms(h50.direct)} direct, ${ms(h50.recorded)} proxied -> x${(h50.recorded / h50.direct).toFixed(2)} ` +
    `(target <= x1.10: ${verdict(h50.recorded / h50.direct <= 1.1)}); p99 x${(h99.recorded / h99.direct).toFixed(2)}; ` +
    `floor proxy p50 x${hFloor.toFixed(2)}`,
);
// Each block ran the three in turn (in one order, the next block in the reverse): the median of the blocks' ratios, as
// the burst's figures are medians of rounds.
const blockRatios = http.blockP50s.recorded.map((p, b) => p / http.blockP50s.floor[b]!);
const overFloor = median(blockRatios);
console.log(
  `http tools/call: p50 ${times(overFloor)} the floor proxy's, median of ${blockRatios.length} alternating blocks ` +
    `(target <= x1.05: ${verdict(overFloor <= 1.05)}); over all calls ${times(h50.recorded / percentile(http.floor, 0.5))}; ` +
    `per block ${blockRatios.map((r) => r.toFixed(2)).join(" ")}; ` +
    `while warming up (the first ${HTTP_WARMUP} calls each) ${times(http.warmupP50.recorded / http.warmupP50.floor)}`,
);
summaryRow({
  bench: "recorder",
  figure: "record http tools/call p50 / floor proxy",
  value: times(overFloor),
  target: "<= x1.05",
  met: overFloor <= 1.05,
});
console.log(`load average (1 min): ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
