// The stdio relay as `mcp-conf record stdio` runs it, without the CLI's start-up: `node relay-process.mjs TRACE -- CMD…`.
import { fileSink, runStdioRelay, threadedFileSink } from "@mcp-conf/recorder";

const [trace, , command, ...args] = process.argv.slice(2);
const result = await runStdioRelay({
  command,
  args,
  sink:
    process.env.BENCH_SINK === "none"
      ? []
      : (process.env.BENCH_SINK === "main" ? fileSink : threadedFileSink)(trace, { force: true }),
  label: "bench",
});
const file = result.stats.sinks[0];
process.stderr.write(`relay: ${file?.written ?? 0} events written, ${result.stats.dropped} dropped\n`);
process.exitCode = result.exitCode;
