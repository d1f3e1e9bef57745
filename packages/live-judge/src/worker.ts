/**
 * The judge's thread. Events arrive in batches from the session's thread; each batch is one pass: the incremental
 * engine observes the new events only, and the findings new since the last pass are posted back, once each. A pass
 * that took d ms is followed by a pause of 3d (`pacing`), so judging never takes more than a quarter of a core: if
 * the session outruns the judge, events queue up here and the findings lag — the session never waits.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, type Judge, renderReport } from "@mcp-conf/validator";
import { Attribution, findingKey } from "./attribution.js";
import { exchangesCompletedBy } from "./exchanges.js";
import type { FromWorker, LiveFinding, ToWorker, WorkerOptions } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("the live judge's worker must run in a worker thread");
const options = workerData as WorkerOptions;
const pacing = options.pacing ?? 3;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

const judge: Judge = createJudge(options.revision === undefined ? {} : { revision: options.revision });
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
let resumeAt = 0;

const send = (message: FromWorker) => port.postMessage(message);

port.on("message", (message: ToWorker) => {
  if (message.type === "events") {
    for (const event of message.events) queue.push(event);
  } else {
    finishing = true;
  }
  schedule();
});

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(run, Math.max(0, resumeAt - performance.now()));
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
  const took = performance.now() - started;
  busyMs += took;
  resumeAt = performance.now() + pacing * took;
  send({ type: "pass", findings: fresh, exchanges, lastSeq, busyMs });
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
  attribution ??= new Attribution(judge.registry);
  for (; seen < findings.length; seen++) {
    for (const live of attribution.attribute(findings[seen]!, judge.facts)) {
      const key = findingKey(live);
      if (posted.has(key)) continue;
      posted.add(key);
      into.push(live);
    }
  }
}

function done(): void {
  const started = performance.now();
  let message: FromWorker;
  try {
    if (broken !== undefined) throw new Error(broken);
    const report = judge.finish();
    attribution ??= new Attribution(judge.registry!);
    message = {
      type: "done",
      all: attribution.fromReport(report),
      report,
      reportText: renderReport(report, "text", options.trace === undefined ? {} : { trace: options.trace }),
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
