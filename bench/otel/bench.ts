/**
 * otel-mapper benchmark on the validator bench's realistic 10,001-message session. (1) Spans mapped per second
 * (median of rounds; target at least 50,000/s), with OTLP JSON encoding beside it. (2) The wall time the live
 * exporter adds to a replay of the session at a live pace (2 events per millisecond, a busy session), exporting to
 * a real OTLP receiver in its own process, against the same replay without it (target: at most 10% more), with the
 * CPU it costs and the worst event-loop delay it caused. (3) The same with a collector that is down and one that
 * stalls every request 5 s (faulty.ts): the replay's wall time against without the exporter, close included
 * (target: at most x1.10 still, the faults cost spans, never the session's time), and close against its timeout
 * (target: at most x1.3 of it). Sizes: BENCH_MESSAGES, BENCH_ROUNDS, BENCH_PACE.
 */

import { summaryRow, times } from "../summary.js";
import { sessionEvents } from "../validator/generate-session.js";
import { measureFault } from "./faulty.js";
import { measureExportOverhead, measureMapping } from "./measure.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PACE = Number(process.env.BENCH_PACE ?? 2);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const events = [...sessionEvents(MESSAGES)];
const mapping = measureMapping(events, ROUNDS * 2);
console.log(`session: ${fmt(MESSAGES)} messages, ${fmt(events.length)} events, ${fmt(mapping.spans)} spans`);
console.log(
  `mapping: ${fmt(mapping.spansPerSecond)} spans/s (target >= 50,000/s: ${mapping.spansPerSecond >= 50_000 ? "met" : "MISSED"})`,
);
console.log(`encoding: ${fmt(mapping.encodedSpansPerSecond)} spans/s to OTLP JSON`);

const overhead = await measureExportOverhead(events, ROUNDS, PACE);
console.log(
  `replay at ${PACE} events/ms: ${fmt(overhead.baselineMs)} ms without the exporter, ${fmt(overhead.withSinkMs)} ms with it ` +
    `(close included) -> ${(overhead.overhead * 100).toFixed(1)}% added wall time (target <= 10%: ${overhead.overhead <= 0.1 ? "met" : "MISSED"})`,
);
console.log(
  `cost: ${fmt(overhead.baselineCpuMs)} ms CPU without, ${fmt(overhead.withSinkCpuMs)} ms with ` +
    `(x${(overhead.withSinkCpuMs / overhead.baselineCpuMs).toFixed(2)}); worst event-loop delay ` +
    `${overhead.baselineMaxLoopDelayMs.toFixed(1)} ms without, ${overhead.maxLoopDelayMs.toFixed(1)} ms with`,
);
console.log(
  `exported: ${fmt(overhead.exported)} of ${fmt(mapping.spans)} spans per run, ${fmt(overhead.lost)} lost; ` +
    `the collector counted ${fmt(overhead.received)} per run`,
);

for (const fault of ["down", "stalling"] as const) {
  const f = await measureFault(events, fault, ROUNDS, PACE);
  const closeRatio = f.closeMs / f.closeTimeoutMs;
  console.log(
    `collector ${fault}: replay ${fmt(f.withSinkMs)} ms with the exporter (close included), ${fmt(f.baselineMs)} ms without -> ` +
      `${times(f.ratio)} (target <= x1.10: ${f.ratio <= 1.1 ? "met" : "MISSED"}); close ${fmt(f.closeMs)} ms of its ` +
      `${fmt(f.closeTimeoutMs)} ms timeout (${times(closeRatio)}, target <= x1.30: ${closeRatio <= 1.3 ? "met" : "MISSED"}); ` +
      `worst event-loop delay ${f.maxLoopDelayMs.toFixed(1)} ms; ${fmt(f.lost)} spans lost`,
  );
  summaryRow({
    bench: "otel",
    figure: `replay, collector ${fault} / no exporter`,
    value: times(f.ratio),
    target: "<= x1.10",
    met: f.ratio <= 1.1,
  });
  summaryRow({
    bench: "otel",
    figure: `close, collector ${fault} / close timeout`,
    value: times(closeRatio),
    target: "<= x1.30",
    met: closeRatio <= 1.3,
  });
}
