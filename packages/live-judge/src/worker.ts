/**
 * The judge's thread. Events arrive in batches from the session's thread; each pass judges what arrived since the
 * last one — the incremental engine observes the new events only — and posts back the findings new since the last
 * pass, once each. Judging is held to a quarter of a core on average by a budget: every millisecond of wall time
 * earns a quarter millisecond of judging, a pass spends what it took, and when the budget is spent the next pass
 * waits until it is earned back (at most `BURST_MS` can be saved up, so a cold start is absorbed without a long
 * pause). If the session outruns the judge, events queue up here and findings lag — the session never waits.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, findingKey, type Judge, renderReport } from "@mcp-conf/validator";
import { Attribution } from "./attribution.js";
import { exchangesCompletedBy } from "./exchanges.js";
import type { FromWorker, LiveFinding, ToWorker, WorkerOptions } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("the live judge's worker must run in a worker thread");
const options = workerData as WorkerOptions;
/** Judging ms earned per ms of wall time: 1/(1+pacing), a quarter of a core by default. */
const share = 1 / (1 + (options.pacing ?? 3));
const BURST_MS = 250;
/** A pass with no new finding reports the exchange count at most this often (for a terminal's tally). */
const TALLY_EVERY_MS = 100;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

const judge: Judge = createJudge({
  ...(options.revision === undefined ? {} : { revision: options.revision }),
  ...(options.actor === undefined ? {} : { actor: options.actor }),
});
let attribution: Attribution | undefined;
const posted = new Set<string>();
let seen = 0;
let exchanges = 0;
let lastSeq = -1;
let busyMs = 0;
let broken: string | undefined;

const queue: TraceEvent[] = [];
let finishing = false;
let scheduled = false;
let budgetMs = BURST_MS;
let budgetAt = performance.now();
let lastPost = 0;
let postedExchanges = 0;
let tallyTimer: ReturnType<typeof setTimeout> | undefined;

const send = (message: FromWorker) => port.postMessage(message);
send({ type: "ready" });

port.on("message", (message: ToWorker) => {
  if (message.type === "events") {
    for (const event of message.events) queue.push(event);
  } else if (message.type === "lost") {
    judge.lost(message.count);
  } else {
    finishing = true;
  }
  schedule();
});

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const now = performance.now();
  budgetMs = Math.min(BURST_MS, budgetMs + (now - budgetAt) * share);
  budgetAt = now;
  setTimeout(run, budgetMs >= 0 ? 0 : -budgetMs / share);
}

function run(): void {
  scheduled = false;
  if (queue.length > 0) pass();
  if (queue.length > 0) schedule();
  else if (finishing) done();
}

function pass(): void {
  const started = performance.now();
  const batch = queue.splice(0, queue.length);
  const fresh: LiveFinding[] = [];
  for (const event of batch) {
    exchanges += exchangesCompletedBy(event);
    lastSeq = event.seq;
    if (broken === undefined) observe(event);
  }
  if (broken === undefined) collect(fresh);
  if (options.slowPassMs) Atomics.wait(sleeper, 0, 0, options.slowPassMs);
  const now = performance.now();
  const took = now - started;
  busyMs += took;
  budgetMs -= took;
  if (fresh.length > 0 || (exchanges !== postedExchanges && now - lastPost >= TALLY_EVERY_MS)) {
    post(fresh);
  } else if (exchanges !== postedExchanges) {
    tallyTimer ??= setTimeout(() => post([]), TALLY_EVERY_MS);
  }
}

function post(findings: LiveFinding[]): void {
  if (tallyTimer) clearTimeout(tallyTimer);
  tallyTimer = undefined;
  lastPost = performance.now();
  postedExchanges = exchanges;
  send({ type: "pass", findings, exchanges, lastSeq, busyMs });
}

function observe(event: TraceEvent): void {
  try {
    judge.observe(event);
  } catch (error) {
    broken = error instanceof Error ? error.message : String(error);
    send({ type: "error", message: broken });
  }
}

/** Findings new since the last pass, attributed to the requirements they count against now. */
function collect(into: LiveFinding[]): void {
  const findings = judge.findings();
  if (findings.length === seen || !judge.registry || !judge.facts) return;
  attribution ??= new Attribution(judge.registry, options.actor);
  for (; seen < findings.length; seen++) {
    for (const live of attribution.attribute(findings[seen]!, judge.facts)) {
      const key = findingKey(live.requirement, live);
      if (posted.has(key)) continue;
      posted.add(key);
      into.push(live);
    }
  }
}

function done(): void {
  if (tallyTimer) clearTimeout(tallyTimer);
  const started = performance.now();
  let message: FromWorker;
  try {
    if (broken !== undefined) throw new Error(broken);
    const report = judge.finish();
    attribution ??= new Attribution(judge.registry!, options.actor);
    message = {
      type: "done",
      all: attribution.fromReport(report),
      report,
      reportText: renderReport(report, "text", {
        ...(options.trace === undefined ? {} : { trace: options.trace }),
        rows: options.reportRows ?? "all",
        color: options.color === true,
      }),
      exchanges,
      busyMs: 0,
    };
  } catch (error) {
    message = {
      type: "done",
      all: [],
      error: error instanceof Error ? error.message : String(error),
      exchanges,
      busyMs: 0,
    };
  }
  message.busyMs = busyMs + (performance.now() - started);
  send(message);
}
