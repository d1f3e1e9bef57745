/**
 * The fleet pipeline end to end, all real: 3 recorder processes × 50 sessions (the official SDK client against
 * server-everything's server) export their events with `--otlp-logs`'s exporter to a real OpenTelemetry Collector
 * (built from its Go modules), which routes each session by a hash of its id to one of 2 `mcp-conf serve` processes.
 * Every session must be judged exactly once, by one serve, with the findings `validate` gives for the recorder's own
 * trace; then a serve killed mid-run must leave its in-flight sessions reported incomplete, never passed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strictOtlpProblems } from "@mcp-conf/testing";
import { readTraceSync } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verdictFindings } from "../src/index.js";
import {
  type CollectorProcess,
  freePort,
  type RecordedSession,
  runRecorder,
  type ServeProcess,
  startCollector,
  startServeProcess,
  verdictsIn,
  waitFor,
} from "./fleet-harness.js";

const root = mkdtempSync(join(tmpdir(), "mcp-conf-fleet-"));
const collectorFile = join(root, "collector.jsonl");
let portA: number;
let portB: number;
let serveA: ServeProcess;
let serveB: ServeProcess;
let collector: CollectorProcess;

beforeAll(async () => {
  portA = await freePort();
  portB = await freePort();
  serveA = await startServeProcess(join(root, "a"), portA);
  serveB = await startServeProcess(join(root, "b"), portB);
  collector = await startCollector(serveA.url, serveB.url, collectorFile);
});

afterAll(async () => {
  await collector?.stop();
  await serveA?.stop();
  await serveB?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Sessions a serve is judging now (their `.open` markers). */
function openIn(home: string): number {
  return readdirSync(join(home, "serve")).filter((name) => name.endsWith(".open")).length;
}

function localFindings(traceDir: string, session: string) {
  return verdictFindings(validate(readTraceSync(readFileSync(join(traceDir, `${session}.jsonl`), "utf8"))));
}

describe("recorders → Collector → 2 × serve", () => {
  it("judges every session exactly once, as validate judges its local trace, and loses nothing", async () => {
    const traceDir = join(root, "local");
    const recorded = (
      await Promise.all([1, 2, 3].map((n) => runRecorder(collector.url, `replica-${n}`, 50, traceDir)))
    ).flat();
    expect(recorded).toHaveLength(150);
    for (const session of recorded) expect(session).toMatchObject({ exported: session.recorded, lost: 0 });

    const all = () => [...verdictsIn(serveA.home), ...verdictsIn(serveB.home)];
    await waitFor(() => all().length, 150, 60_000, "sessions judged");
    const verdicts = all();
    const bySession = new Map(verdicts.map((verdict) => [verdict.session, verdict]));
    expect(bySession.size).toBe(150); // one verdict per session: none judged twice
    expect(verdictsIn(serveA.home).length).toBeGreaterThan(0);
    expect(verdictsIn(serveB.home).length).toBeGreaterThan(0);
    for (const { session, recorded: events } of recorded) {
      const verdict = bySession.get(session);
      expect(verdict, session).toMatchObject({ complete: true, reason: "closed", events, missing: 0 });
      expect(verdict!.findings).toEqual(localFindings(traceDir, session));
    }
    // The serve's trace is the recorder's, byte for byte.
    const sample = recorded[0]!.session;
    const owner = verdictsIn(serveA.home).some((verdict) => verdict.session === sample) ? serveA : serveB;
    expect(readFileSync(join(owner.home, "sessions", `${sample}.jsonl`), "utf8")).toBe(
      readFileSync(join(traceDir, `${sample}.jsonl`), "utf8"),
    );
  }, 120_000);

  it("the Collector's file exporter holds every record, and each export request is strict OTLP", async () => {
    const judged = [...verdictsIn(serveA.home), ...verdictsIn(serveB.home)].reduce((sum, v) => sum + v.events, 0);
    // The file exporter writes on its own schedule, apart from the route to the serves: its file is read once it
    // holds every record (until then its last line may be half-written).
    let requests: unknown[] = [];
    const recordsInFile = () => {
      const lines = readFileSync(collectorFile, "utf8").split("\n");
      requests = lines.slice(0, -1).map((line) => JSON.parse(line) as unknown);
      let records = 0;
      for (const request of requests as { resourceLogs: { scopeLogs: { logRecords: unknown[] }[] }[] }[]) {
        for (const resource of request.resourceLogs)
          for (const scope of resource.scopeLogs) records += scope.logRecords.length;
      }
      return records;
    };
    await waitFor(recordsInFile, judged, 30_000, "records in the Collector's file");
    expect(recordsInFile()).toBe(judged);
    for (const request of requests) expect(strictOtlpProblems(request, "logs")).toEqual([]);
  });

  it("a serve killed mid-run leaves its in-flight sessions reported incomplete; the other serve goes on", async () => {
    await serveA.stop();
    await serveB.stop();
    serveA = await startServeProcess(join(root, "a2"), portA);
    serveB = await startServeProcess(join(root, "b2"), portB);
    const traceDir = join(root, "local-kill");
    const running = runRecorder(collector.url, "replica-kill", 12, traceDir, 2500);
    // Every session is being judged (they are held open 2.5 s before their last calls) when B dies.
    await waitFor(() => openIn(serveA.home) + openIn(serveB.home), 12, 30_000, "sessions open");
    serveB.child.kill("SIGKILL");
    await new Promise((resolve) => serveB.child.once("exit", resolve));
    const recorded: RecordedSession[] = await running;
    // A new serve on B's state directory reports what the dead one was judging.
    serveB = await startServeProcess(serveB.home, portB);
    await waitFor(() => verdictsIn(serveA.home).length + verdictsIn(serveB.home).length, 12, 30_000, "verdicts");
    const onA = new Map(verdictsIn(serveA.home).map((verdict) => [verdict.session, verdict]));
    const onB = new Map(verdictsIn(serveB.home).map((verdict) => [verdict.session, verdict]));
    expect(onA.size).toBeGreaterThan(0);
    expect(onB.size).toBeGreaterThan(0);
    for (const { session } of recorded) {
      expect(onA.has(session) !== onB.has(session), session).toBe(true);
      const verdict = onA.get(session) ?? onB.get(session)!;
      if (onA.has(session)) {
        expect(verdict).toMatchObject({ complete: true, reason: "closed" });
        expect(verdict.findings).toEqual(localFindings(traceDir, session));
      } else {
        expect(verdict).toMatchObject({ complete: false, reason: "recovered" });
        // Judged as far as its trace goes (or, when nothing of it reached the trace in order, not judged at all).
        expect(verdict.capture?.complete === false || verdict.error !== undefined).toBe(true);
      }
    }
  }, 120_000);
});
