// One round of bench/gateway's load, in a process of its own: K sessions of the official SDK client over streamable
// HTTP to URL, connecting CONNECTS at a time (a gateway's clients arrive in a burst, not in one instant), each then
// making M `echo` tool calls (sessions in parallel, each session's calls one after another), all done before any
// session ends (so all K are open at once); then a third of the sessions DELETE, a third close (dropping their GET
// stream), and a third - clients whose GET stream was refused (405, as by a server without one), so only their
// requests show them alive - go quiet for IDLE_MS (the proxy's idle timeout ends them) before the process closes them
// too. Prints one JSON line: sessions started, calls served, errors (a few samples), latencies.
// usage: node driver.mjs URL K M IDLE_MS [CONNECTS]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, k, m, idle, connects] = process.argv.slice(2);
const K = Number(k);
const M = Number(m);
const IDLE_MS = Number(idle ?? 0);
const CONNECTS = Number(connects ?? 50);
const errors = [];
const latencies = [];
const fail = (what, error) => {
  const cause = error?.cause?.code ?? error?.cause?.message;
  errors.push(`${what}: ${String(error?.message ?? error).slice(0, 160)}${cause ? ` (${cause})` : ""}`);
};

/** Resolves when all `count` parties have arrived. */
function barrier(count) {
  let arrived = 0;
  let open;
  const opened = new Promise((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived >= count) open();
    return opened;
  };
}
const called = barrier(K);

/** At most `count` at a time through `run`. */
function limiter(count) {
  let running = 0;
  const waiting = [];
  return async (run) => {
    if (running >= count) await new Promise((resolve) => waiting.push(resolve));
    running++;
    try {
      return await run();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const connecting = limiter(CONNECTS);
/** The idle third's fetch: its GET stream is refused here, as by a server without one. */
const noStream = (input, init) =>
  init?.method === "GET" ? Promise.resolve(new Response(null, { status: 405 })) : fetch(input, init);

async function session(i) {
  const transport = new StreamableHTTPClientTransport(new URL(url), i % 3 === 2 ? { fetch: noStream } : {});
  const client = new Client({ name: "bench-gateway", version: "1.0.0" });
  let started = false;
  try {
    await connecting(() => client.connect(transport));
    started = true;
  } catch (error) {
    fail("connect", error);
  }
  if (started) {
    for (let call = 0; call < M; call++) {
      const at = performance.now();
      try {
        await client.callTool({ name: "echo", arguments: { message: `session ${i} call ${call}` } });
        latencies.push(performance.now() - at);
      } catch (error) {
        fail("call", error);
      }
    }
  }
  await called();
  if (!started) return { started, client };
  if (i % 3 === 0) {
    try {
      await transport.terminateSession();
    } catch (error) {
      fail("delete", error);
    }
  }
  if (i % 3 !== 2) await client.close();
  return { started, client };
}

const sessions = await Promise.all(Array.from({ length: K }, (_, i) => session(i)));
if (IDLE_MS > 0) await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
await Promise.all(sessions.map(({ client }) => client.close().catch(() => {})));
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
process.stdout.write(
  `${JSON.stringify({
    started: sessions.filter((s) => s.started).length,
    served: latencies.length,
    errors: errors.length,
    samples: [...new Set(errors)].slice(0, 5),
    p50: at(0.5),
    p99: at(0.99),
  })}\n`,
);
process.exit(0);
