// The stdio relay as `mcp-conf record stdio` runs it, without the CLI's start-up: `node relay-process.mjs TRACE -- CMD…`.
import { callbackSink, fileSink, runStdioRelay, threadedFileSink } from "@mcp-conf/recorder";

const [trace, , command, ...args] = process.argv.slice(2);

/** BENCH_SINK: "thread" (default, as `mcp-conf record stdio`), "main", "line", "batch", "callback" (no file), "none". */
function chooseSink(kind = "thread") {
  if (kind === "none") return [];
  if (kind === "callback") return callbackSink((event) => void event);
  if (kind === "thread") return threadedFileSink(trace, { force: true });
  return fileSink(trace, { force: true, flush: kind === "batch" || kind === "line" ? kind : "slice" });
}
const result = await runStdioRelay({
  command,
  args,
  sink: chooseSink(process.env.BENCH_SINK),
  label: "bench",
});
const file = result.stats.sinks[0];
const cpu = process.cpuUsage();
const busy = performance.eventLoopUtilization().active;
process.stderr.write(
  `relay: ${file?.written ?? 0} events written, ${result.stats.dropped} dropped, forwarding thread busy ${busy.toFixed(0)} ms, process cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms\n`,
);
process.exitCode = result.exitCode;
