/**
 * The live path behind `watch --otlp`, wired as `watch` wires it: every committed corpus trace replayed through the
 * real live judge (a worker thread) and the OTLP sink, sending to a real OTLP receiver (@elastic/mockotlpserver).
 * Every span arrives, every request body is strictly valid OTLP JSON, nothing is lost, and the findings on the
 * spans are exactly the findings the live judge reported during the session and at its end.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { JudgeThread } from "@mcp-conf/live-judge";
import { createOtlpSink, exportTraceAsOtlpJson, type SpanFinding, spanFindingsFromLive } from "@mcp-conf/otel-mapper";
import { classifyMessage } from "@mcp-conf/session";
import { type RealCollector, startRealCollector, strictOtlpProblems } from "@mcp-conf/testing";
import { readTraceSync } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const CORPUS = join(REPO_ROOT, "corpus", "2025-11-25");

interface OtlpKeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string };
}
interface ReceivedSpan {
  service: string;
  events: { name: string; attributes: OtlpKeyValue[] }[];
}

const corpus = (dir: string) =>
  readdirSync(join(CORPUS, dir))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => join(CORPUS, dir, f));
const traces = [...corpus("good"), ...corpus("violations")];

let collector: RealCollector;
/** The sessions are judged one after another on one judge thread, which loads the validator once. */
const thread = new JudgeThread();
beforeAll(async () => {
  collector = await startRealCollector();
});
afterAll(async () => {
  await thread.close();
  await collector.stop();
});

function received(): ReceivedSpan[] {
  return collector.requests.flatMap((r) => {
    const body = JSON.parse(r.body.toString("utf8")) as {
      resourceSpans: {
        resource: { attributes: OtlpKeyValue[] };
        scopeSpans: { spans: { events?: ReceivedSpan["events"] }[] }[];
      }[];
    };
    return body.resourceSpans.flatMap((rs) => {
      const service = rs.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue ?? "";
      return rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ service, events: s.events ?? [] })));
    });
  });
}

const findingKey = (requirement: string | undefined, seq: string | number | undefined) =>
  `${requirement} @${seq ?? "-"}`;

describe("every corpus trace exported", () => {
  it("is strictly valid OTLP JSON with one span per request and notification", () => {
    for (const trace of traces) {
      const bytes = readFileSync(trace);
      const events = readTraceSync(bytes);
      const exported = exportTraceAsOtlpJson(events, { seed: bytes });
      expect(strictOtlpProblems(JSON.parse(exported.json)), trace).toEqual([]);
      let opened = 0;
      for (const e of events) {
        if (e.kind !== "message") continue;
        for (const m of Array.isArray(e.payload) ? e.payload : [e.payload]) {
          const type = classifyMessage(m).type;
          if (type === "request" || type === "notification") opened++;
        }
      }
      expect(exported.spans, trace).toBe(opened);
    }
  });
});

describe("a corpus replay through the live judge and the OTLP sink", () => {
  it("has traces to replay", () => {
    expect(traces.length).toBeGreaterThan(10);
  });

  it("delivers every span of every trace, strictly valid, with exactly the judge's findings as events", async () => {
    const expectations = new Map<string, { spans: number; findings: string[] }>();
    for (const trace of traces) {
      const bytes = readFileSync(trace);
      const events = readTraceSync(bytes);
      const service = basename(trace);
      const sink = createOtlpSink({ url: `${collector.url}/v1/traces`, serviceName: service, batchDelayMs: 5 });
      const reported: SpanFinding[] = [];
      const judge = await thread.session({
        onPass: (pass) => {
          const findings = spanFindingsFromLive(pass.findings);
          reported.push(...findings);
          sink.addFindings(findings, pass.lastSeq);
          sink.judgedThrough(pass.lastSeq);
        },
      });
      for (const event of events) {
        sink.observe(event);
        judge.observe(event);
      }
      const end = await judge.close();
      sink.finish();
      const endFindings = spanFindingsFromLive(end.endFindings);
      reported.push(...endFindings);
      sink.addFindings(endFindings);
      const summary = await sink.close();
      const spans = exportTraceAsOtlpJson(events, { seed: bytes }).spans;
      expect(summary, service).toEqual({ exported: spans, dropped: 0, failed: 0, reasons: {}, findingsUnplaced: 0 });
      expectations.set(service, {
        spans,
        findings: [...new Set(reported.map((f) => findingKey(f.requirementId, f.seq)))].sort(),
      });
    }

    for (const request of collector.requests) {
      expect(strictOtlpProblems(JSON.parse(request.body.toString("utf8")))).toEqual([]);
    }
    const all = received();
    for (const [service, expected] of expectations) {
      const spans = all.filter((s) => s.service === service);
      expect(spans.length, service).toBe(expected.spans);
      const findings = spans
        .flatMap((s) => s.events)
        .filter((e) => e.name === "mcp_conformance.finding")
        .map((e) => {
          const get = (key: string) => {
            const v = e.attributes.find((a) => a.key === key)?.value;
            return v?.stringValue ?? v?.intValue;
          };
          return findingKey(get("mcp_conformance.requirement.id"), get("mcp_conformance.trace.seq"));
        });
      expect([...new Set(findings)].sort(), service).toEqual(expected.findings);
    }
    // Which trace must show which finding is the validator's corpus test; here it is enough that findings travelled.
    expect([...expectations.values()].filter((e) => e.findings.length > 0).length).toBeGreaterThan(traces.length / 2);
  }, 240_000);
});
