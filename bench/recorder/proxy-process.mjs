// The HTTP proxy as `mcp-conf record http` runs it: `node proxy-process.mjs UPSTREAM DIR`; prints its URL, stops on SIGTERM.
import { join } from "node:path";
import { fileSink, startHttpProxy } from "@mcp-conf/recorder";

const [upstream, dir] = process.argv.slice(2);
const proxy = await startHttpProxy({
  upstream,
  listen: { host: "127.0.0.1", port: 0 },
  sinkForSession: ({ session }) =>
    process.env.BENCH_SINK === "none" ? [] : fileSink(join(dir, "{session}.jsonl"), { session, force: true }),
});
process.stdout.write(`${proxy.url}\n`);
process.on("SIGTERM", async () => {
  const stats = await proxy.close();
  const written = stats.sessions.reduce((n, s) => n + (s.sinks[0]?.written ?? 0), 0);
  process.stderr.write(`proxy: ${stats.sessions.length} session(s), ${written} events written\n`);
});
