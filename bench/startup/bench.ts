/**
 * Start-up benchmark: what a user pays per `mcp-conf` process, as wall time against baselines measured in the same
 * run, alternating every command in each round (medians of BENCH_ROUNDS rounds, default 7). (1) `mcp-conf --version`
 * and (2) `mcp-conf validate` of a 3-event trace against a bare `node -e 0` (targets: within 80 ms and 120 ms of
 * it). (3) `mcp-conf validate` of the validator bench's 10,001-message session against a process that only reads
 * and JSON.parses the same file line by line (target: at most 4x). Sizes: BENCH_MESSAGES, BENCH_ROUNDS.
 * On Linux the same figures are printed in CPU time too (user + system of each process, read off /proc/self/stat's
 * children times, in clock ticks of 10 ms): on a loaded machine wall time mostly measures the load.
 * Last, once (BENCH_DEMO=0 skips it), the CPU of `mcp-conf demo` with every process it starts (a real
 * server-everything, the SDK client, watch), against `node -e 0`'s (target: under 15 s of CPU).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { childrenCpuMs } from "../children-cpu.js";
import { summaryRow, times } from "../summary.js";
import { sessionText } from "../validator/generate-session.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "cli", "dist", "bin.js");

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-startup-"));
const tiny = join(dir, "tiny.jsonl");
const session = join(dir, "session.jsonl");
const c2s = { direction: "client-to-server", transport: "stdio", kind: "message" };
const s2c = { direction: "server-to-client", transport: "stdio", kind: "message" };
const info = { name: "bench", version: "1.0.0" };
writeFileSync(
  tiny,
  [
    {
      seq: 0,
      ...c2s,
      payload: {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: info },
      },
    },
    {
      seq: 1,
      ...s2c,
      payload: { jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: info } },
    },
    { seq: 2, ...c2s, payload: { jsonrpc: "2.0", method: "notifications/initialized" } },
  ]
    .map((event) => JSON.stringify(event))
    .join("\n")
    .concat("\n"),
);
writeFileSync(session, sessionText(MESSAGES));
const READ_AND_PARSE =
  "const text = require('node:fs').readFileSync(process.argv[1], 'utf8'); for (const line of text.split('\\n')) if (line) JSON.parse(line);";

const commands = {
  bare: ["-e", "0"],
  version: [BIN, "--version"],
  tiny: [BIN, "validate", tiny],
  readParse: ["-e", READ_AND_PARSE, session],
  session: [BIN, "validate", session],
} as const;
type Name = keyof typeof commands;

const walls: Record<Name, number[]> = { bare: [], version: [], tiny: [], readParse: [], session: [] };
const cpus: Record<Name, number[]> = { bare: [], version: [], tiny: [], readParse: [], session: [] };
const loadBefore = loadavg()[0]!;
for (let round = 0; round < ROUNDS; round++) {
  for (const name of Object.keys(commands) as Name[]) {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const run = spawnSync(process.execPath, commands[name], { stdio: ["ignore", "ignore", "pipe"] });
    walls[name].push(performance.now() - started);
    const cpuAfter = childrenCpuMs();
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpus[name].push(cpuAfter - cpuBefore);
    if (run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
  }
}
rmSync(dir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const medians = (samples: Record<Name, number[]>) =>
  Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)])) as Record<Name, number>;
const m = medians(walls);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const signed = (n: number) => `${n < 0 ? "−" : "+"}${ms(Math.abs(n))}`;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

const versionOver = m.version - m.bare;
const tinyOver = m.tiny - m.bare;
const sessionRatio = m.session / m.readParse;
console.log(
  `start-up: wall medians of ${ROUNDS} alternating rounds; node -e 0 ${ms(m.bare)}; load average ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `  mcp-conf --version              ${ms(m.version)}  ${signed(versionOver)} over node -e 0 (target <= +80 ms: ${verdict(versionOver <= 80)})`,
);
console.log(
  `  validate, 3-event trace         ${ms(m.tiny)}  ${signed(tinyOver)} over node -e 0 (target <= +120 ms: ${verdict(tinyOver <= 120)})`,
);
console.log(
  `  validate, ${MESSAGES.toLocaleString("en-US")} messages       ${ms(m.session)}  ${times(sessionRatio)} a read+JSON.parse process (${ms(m.readParse)}; target <= x4: ${verdict(sessionRatio <= 4)})`,
);
summaryRow({
  bench: "startup",
  figure: "mcp-conf --version − node -e 0",
  value: signed(versionOver),
  target: "<= +80 ms",
  met: versionOver <= 80,
});
summaryRow({
  bench: "startup",
  figure: "validate 3-event trace − node -e 0",
  value: signed(tinyOver),
  target: "<= +120 ms",
  met: tinyOver <= 120,
});
summaryRow({
  bench: "startup",
  figure: "validate 10k session / read+parse process",
  value: times(sessionRatio),
  target: "<= x4",
  met: sessionRatio <= 4,
});

if (cpus.bare.length === ROUNDS) {
  const c = medians(cpus);
  const cpuRatio = c.session / c.readParse;
  console.log(`start-up: CPU medians (user + system) of the same runs; node -e 0 ${ms(c.bare)}`);
  console.log(`  mcp-conf --version              ${ms(c.version)}  ${signed(c.version - c.bare)} over node -e 0`);
  console.log(`  validate, 3-event trace         ${ms(c.tiny)}  ${signed(c.tiny - c.bare)} over node -e 0`);
  console.log(
    `  validate, ${MESSAGES.toLocaleString("en-US")} messages       ${ms(c.session)}  ${times(cpuRatio)} a read+JSON.parse process (${ms(c.readParse)})`,
  );
  summaryRow({
    bench: "startup",
    figure: "CPU: validate 3-event trace − node -e 0",
    value: signed(c.tiny - c.bare),
    target: "",
  });
  summaryRow({
    bench: "startup",
    figure: "CPU: validate 10k session / read+parse process",
    value: times(cpuRatio),
    target: "",
  });
}

if (process.env.BENCH_DEMO !== "0" && cpus.bare.length === ROUNDS) {
  const home = mkdtempSync(join(tmpdir(), "mcp-conf-bench-demo-"));
  const cpuBefore = childrenCpuMs()!;
  const demo = spawnSync(process.execPath, [BIN, "demo"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, MCP_CONF_HOME: home, FORCE_COLOR: "0" },
  });
  const demoCpu = childrenCpuMs()! - cpuBefore;
  rmSync(home, { recursive: true, force: true });
  if (demo.status !== 0) throw new Error(`mcp-conf demo exited ${demo.status}: ${demo.stderr}`);
  const bare = medians(cpus).bare;
  console.log(
    `demo: mcp-conf demo used ${ms(demoCpu)} of CPU with every process it started, ${times(demoCpu / bare)} node -e 0's (target under 15,000 ms: ${verdict(demoCpu < 15_000)})`,
  );
  summaryRow({
    bench: "startup",
    figure: "CPU: mcp-conf demo, its processes included",
    value: ms(demoCpu),
    target: "< 15,000 ms",
    met: demoCpu < 15_000,
  });
}
