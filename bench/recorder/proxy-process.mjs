// The HTTP proxy as `mcp-conf record http` runs it: `node proxy-process.mjs UPSTREAM DIR`; prints its URL, stops on SIGTERM.
import { join } from "node:path";
import { callbackSink, fileSink, startHttpProxy, threadedFileSink } from "@mcp-conf/recorder";

const [upstream, dir] = process.argv.slice(2);

/** BENCH_SINK, as in relay-process.mjs. */
function chooseSink(kind = "main", path, session) {
  if (kind === "none") return [];
  if (kind === "callback") return callbackSink((event) => void event);
  if (kind === "thread") return threadedFileSink(path, { force: true, session });
  return fileSink(path, { force: true, session, flush: kind === "batch" || kind === "line" ? kind : "slice" });
}
const proxy = await startHttpProxy({
  upstream,
  listen: { host: "127.0.0.1", port: 0 },
  sinkForSession: ({ session }) => chooseSink(process.env.BENCH_SINK, join(dir, "{session}.jsonl"), session),
});
process.stdout.write(`${proxy.url}\n`);
process.on("SIGTERM", async () => {
  const stats = await proxy.close();
  const written = stats.sessions.reduce((n, s) => n + (s.sinks[0]?.written ?? 0), 0);
  process.stderr.write(`proxy: ${stats.sessions.length} session(s), ${written} events written\n`);
});
