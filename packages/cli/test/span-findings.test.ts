/**
 * Findings on spans agree with the report (issue 15 item 14): the same (requirement, finding) pairs the report
 * holds reach the spans, whether they come from the report (`export -T otlp`) or from the live judge (`watch
 * --otlp`), and each lands on the span of the exchange it points at.
 */
import { startLiveJudge } from "@mcp-conf/live-judge";
import {
  createSpanMapper,
  derivedIds,
  exportTraceAsOtlpJson,
  type MappedSpan,
  type SpanFinding,
  spanFindingsFromLive,
  spanFindingsFromReport,
} from "@mcp-conf/otel-mapper";
import { TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { loadRegistry, validate } from "@mcp-conf/validator";
import { describe, expect, it } from "vitest";

/** `REQ@seq` of every failing or warning (requirement, finding) pair of the report. */
function reportPairs(events: TraceEvent[]): string[] {
  return validate(events)
    .requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn")
    .flatMap((row) => (row.findings ?? []).map((f) => `${row.id}@${f.seq}`))
    .sort();
}

/** `span name: REQ@seq` of every finding event on the spans. */
function spanPairs(spans: readonly MappedSpan[]): string[] {
  return spans
    .flatMap((span) =>
      span.events.map(
        (e) =>
          `${span.name}: ${e.attributes["mcp_conformance.requirement.id"]}@${e.attributes["mcp_conformance.trace.seq"]}`,
      ),
    )
    .sort();
}

function exported(events: TraceEvent[]): string[] {
  const report = validate(events);
  const findings = spanFindingsFromReport(report, loadRegistry(report.revision).requirements);
  const mapper = createSpanMapper({ ids: derivedIds("test") });
  for (const event of events) mapper.observe(event);
  mapper.finish();
  for (const finding of findings) mapper.addFindings([finding], finding.seq);
  expect(exportTraceAsOtlpJson(events, { seed: "test", findings }).findingsAttached).toBe(findings.length);
  return spanPairs(mapper.release());
}

async function live(events: TraceEvent[]): Promise<string[]> {
  const mapper = createSpanMapper({ ids: derivedIds("test") });
  const found: SpanFinding[][] = [];
  const judge = startLiveJudge({
    onPass: (pass) => found.push(spanFindingsFromLive(pass.findings)),
  });
  for (const event of events) judge.observe(event);
  const end = await judge.close();
  for (const event of events) mapper.observe(event);
  mapper.finish();
  for (const findings of [...found, spanFindingsFromLive(end.endFindings)]) {
    for (const finding of findings) mapper.addFindings([finding], finding.seq);
  }
  return spanPairs(mapper.release());
}

describe("findings on spans", () => {
  const emptyPing = new TraceBuilder().open().handshake().request(1, "ping").result(1, []).close().events;

  it("a ping answered with [] carries BASE-008 (warn) and PING-001 (fail) on its span, as the report does", async () => {
    expect(reportPairs(emptyPing)).toEqual(["BASE-008@5", "PING-001@5"]);
    expect(exported(emptyPing)).toEqual(["ping: BASE-008@5", "ping: PING-001@5"]);
    expect(await live(emptyPing)).toEqual(["ping: BASE-008@5", "ping: PING-001@5"]);
  });

  it("a duplicate answer's finding lands on the span of the request it answers again, not on a later one", async () => {
    const events = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/list")
      .result(1, { tools: [] })
      .result(1, { tools: [] })
      .request(2, "ping")
      .result(2, {})
      .close().events;
    const pairs = reportPairs(events);
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(pair.endsWith("@6")).toBe(true);
    const expected = pairs.map((pair) => `tools/list: ${pair}`);
    expect(exported(events)).toEqual(expected);
    expect(await live(events)).toEqual(expected);
  });
});
