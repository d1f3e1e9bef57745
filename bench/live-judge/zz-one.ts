// scratch: one recording (judged or plain) in a fresh process; prints CPU total and by thread as JSON
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LiveJudge, liveJudgeTap } from "@mcp-conf/live-judge";
import { createRecorder, threadedFileSink } from "@mcp-conf/recorder";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { sessionEvents } from "../validator/generate-session.js";
import { ThreadCpu } from "./thread-cpu.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const PLANT_EVERY = Number(process.env.BENCH_PLANT_EVERY ?? 5);
const judged = process.argv[2] === "judged";
function plantedSession(): TraceEvent[] {
  const events = [...sessionEvents(MESSAGES)];
  const callIds = new Set<unknown>();
  let calls = 0;
  for (const event of events) {
    if (event.kind !== "message") continue;
    const payload = event.payload as { id?: unknown; method?: string; result?: unknown };
    if (payload.method === "tools/call" && ++calls % PLANT_EVERY === 0) callIds.add(payload.id);
    else if (payload.result !== undefined && event.direction === "server-to-client" && callIds.delete(payload.id)) {
      event.payload = { ...payload, result: { content: "planted: not an array" } };
    }
  }
  return events;
}
const events = plantedSession();
const dir = mkdtempSync(join(tmpdir(), "jc-one-"));
const lags: number[] = [];
const handed = new Map<number, number>();
const lagSeq: [number, number][] = [];
let judge: LiveJudge | undefined;
let tap: any;
if (judged) ({ judge, tap } = liveJudgeTap({ reportRows: "problems", onPass: (pass) => {
  const now = performance.now();
  for (const f of pass.findings) { const at = f.seq === undefined ? undefined : handed.get(f.seq); if (at !== undefined) { lags.push(now - at); lagSeq.push([f.seq!, now - at]); handed.delete(f.seq!); } }
} }));
const start = process.cpuUsage();
const threads = new ThreadCpu(25);
const ctx = new Map<string, [number, number, string]>();
const { readdirSync, readFileSync } = await import("node:fs");
const sampleCtx = () => { for (const tid of readdirSync("/proc/self/task")) { try { const st = readFileSync(`/proc/self/task/${tid}/status`, "latin1"); const v = Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(st)![1]); const nv = Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(st)![1]); const name = /Name:\s+(.*)/.exec(st)![1]; ctx.set(tid, [v, nv, name]); } catch {} } };
sampleCtx(); const before = new Map(ctx); const ctxTimer = setInterval(sampleCtx, 25);
const open = events[0]!;
const recorder = createRecorder({
  sink: threadedFileSink(join(dir, "t.jsonl"), { session: "bench", ...(tap ? { tap: () => tap } : {}) }),
  transport: "stdio", session: "bench", meta: open.kind === "lifecycle" ? open.meta : undefined,
});
await judge?.ready;
const perTick = Math.max(1, Math.round(RATE / 1000));
await new Promise<void>((resolve) => {
  let next = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < perTick && next < events.length; i++, next++) {
      const event = events[next]!;
      if (event.kind !== "message") continue;
      handed.set(recorder.nextSeq, performance.now());
      recorder.message(event.direction, Buffer.from(JSON.stringify(event.payload)));
    }
    if (next >= events.length) { clearInterval(timer); resolve(); }
  }, 1);
});
await recorder.close();
const summary = await judge?.close();
const split = threads.stop()!;
clearInterval(ctxTimer); sampleCtx();
const byName: Record<string, number> = {};
for (const [tid, [v, nv, name]] of ctx) { const b = before.get(tid); const key = tid === String(process.pid) ? "main" : b ? name : `new:${name}`; byName[key] = (byName[key] ?? 0) + v - (b?.[0] ?? 0); }
if (process.env.CTX) console.error(JSON.stringify(byName));
const used = process.cpuUsage(start);
if (process.env.TOPLAG) { const all = [...lagSeq].sort((a, b) => b[1] - a[1]).slice(0, 12); console.error(JSON.stringify(all.map(([s, l]) => [s, Math.round(l)]))); }
lags.sort((a, b) => a - b);
console.log(JSON.stringify({ judged, cpu: (used.user + used.system) / 1000, ...split, n: lags.length, p50: lags[Math.floor(lags.length / 2)], p99: lags[Math.floor(lags.length * 0.99)], withdrawn: summary?.withdrawn.length }));
rmSync(dir, { recursive: true, force: true });
