/**
 * Redaction bench: the secret detector, each redaction option and check's secret scanner on 1 MiB of the worst inputs known (runs of the
 * fragments the preset is built from, where a pattern tried at every position used to rescan the text), against a
 * baseline measured in the same run — JSON.parse of a 1 MiB message holding the same text, which the recorder pays
 * for every message anyway. Figures are the least CPU ms of ROUNDS runs, and the ratio to the baseline; the target is
 * 1 MiB in at most 100 ms, so each ratio is printed beside the baseline's own ms (and `uptime`'s load) to read it by.
 * A `--redact-value` pattern that backtracks without end (`(a+)+$`) is bounded by its per-event budget instead.
 */
import { loadavg } from "node:os";
import { compileRedaction, detectSecrets, secretScanner } from "@mcp-conf/recorder";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { summaryRow, times } from "../summary.js";

const SIZE = Number(process.env.BENCH_BYTES ?? 1024 * 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORST = ["eyJ-", "a.", "x-", "sk-", "eyJabcdefgh.", "a://b:", "_password =", "password: ", "\t", "Bearer a"];

const runOf = (piece: string) => piece.repeat(Math.ceil(SIZE / piece.length)).slice(0, SIZE);
function cpuMs(work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}
const message = (text: string): TraceEvent => ({
  seq: 1,
  direction: "server-to-client",
  transport: "stdio",
  kind: "message",
  payload: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }] } },
});

const options = {
  "--redact-secrets": compileRedaction({ secrets: true })!,
  "--redact-key": compileRedaction({ keys: ["password", "token"] })!,
  "--redact-value": compileRedaction({ values: ["sk-[A-Za-z0-9]{20,}"] })!,
  "--redact-path": compileRedaction({ paths: ["$..password"] })!,
};

console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; ${SIZE} characters per input, least of ${ROUNDS}`,
);
let worstRatio = 0;
let worstMs = 0;
let baselineMs = 0;
for (const piece of WORST) {
  const text = runOf(piece);
  const line = JSON.stringify(message(text).kind === "message" ? { jsonrpc: "2.0", id: 1, result: { text } } : {});
  const baseline = cpuMs(() => JSON.parse(line));
  const detector = cpuMs(() => detectSecrets(text));
  const row = [`${JSON.stringify(piece).padEnd(16)} JSON.parse ${baseline.toFixed(1)} ms`];
  row.push(`detectSecrets ${detector.toFixed(1)} ms ${times(detector / baseline)}`);
  worstRatio = Math.max(worstRatio, detector / baseline);
  worstMs = Math.max(worstMs, detector);
  baselineMs = Math.max(baselineMs, baseline);
  for (const [name, redactor] of Object.entries(options)) {
    const event = message(text);
    const ms = cpuMs(() => redactor.redact(event));
    row.push(`${name} ${ms.toFixed(1)} ms ${times(ms / baseline)}`);
    worstRatio = Math.max(worstRatio, ms / baseline);
    worstMs = Math.max(worstMs, ms);
  }
  // check --fail-on secret: the --redact-secrets redaction plus the walk that turns its placeholders into findings.
  const scan = secretScanner();
  const scanMs = cpuMs(() => scan(message(text)));
  row.push(`check's scanner ${scanMs.toFixed(1)} ms ${times(scanMs / baseline)}`);
  worstRatio = Math.max(worstRatio, scanMs / baseline);
  worstMs = Math.max(worstMs, scanMs);
  console.log(row.join("  "));
}
const catastrophic = compileRedaction({ values: ["(a+)+$"] })!;
const hostile = message(`${"a".repeat(SIZE - 1)}b`);
const bounded = cpuMs(() => catastrophic.redact(hostile));
console.log(
  `--redact-value '(a+)+$' on ${SIZE} characters: ${bounded.toFixed(1)} ms (budget 50 ms per event; withheld ${catastrophic.withheld})`,
);
console.log(
  `worst: ${worstMs.toFixed(1)} ms (target <= 100 ms per MiB), ${times(worstRatio)} JSON.parse of the same MiB`,
);
summaryRow({
  bench: "redaction",
  figure: "worst redaction option or detector on 1 MiB of a hostile run / JSON.parse of it",
  value: times(worstRatio),
  target: "",
});
summaryRow({
  bench: "redaction",
  figure: "worst redaction option or detector on 1 MiB of a hostile run (CPU ms)",
  value: `${worstMs.toFixed(1)} ms`,
  target: "<= 100 ms",
  met: worstMs <= 100,
});
