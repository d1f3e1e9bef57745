/**
 * `mcp-conf watch --otlp` end to end: a corpus session replayed through the built binary, its spans sent to a real
 * OTLP receiver (@elastic/mockotlpserver), checked strictly against the official protos; and a collector that is
 * down costs the spans, never the session.
 */
import { join } from "node:path";
import { type RealCollector, startRealCollector, strictOtlpProblems } from "@mcp-conf/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpConf } from "./validate-helpers.js";
import { BIN, CORPUS, REPLAY, run, tempDir } from "./watch-helpers.js";

const TOOL_006 = join(CORPUS, "violations", "tool-006-name-charset.jsonl");

interface JsonSpan {
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  events?: { name: string; attributes: { key: string; value: Record<string, unknown> }[] }[];
}

function replayWithOtlp(otlp: string) {
  const output = join(tempDir(), "t.jsonl");
  const watch = [
    BIN,
    "watch",
    "--otlp",
    otlp,
    "stdio",
    "-o",
    output,
    "--",
    process.execPath,
    REPLAY,
    "server",
    TOOL_006,
  ];
  return run(process.execPath, [REPLAY, "client", TOOL_006, "--", process.execPath, ...watch]);
}

describe("watch --otlp", () => {
  let collector: RealCollector;
  beforeAll(async () => {
    collector = await startRealCollector();
  });
  afterAll(async () => {
    await collector.stop();
  });

  it("sends one span per exchange, the findings as span events, strictly valid OTLP JSON", async () => {
    const { code, stderr } = await replayWithOtlp(collector.url);
    expect(code).toBe(0);
    expect(stderr).toContain("mcp-conf watch: otlp: 3 span(s) exported, 0 dropped, 0 failed\n");
    const bodies = collector.requests.filter((request) => request.path === "/v1/traces");
    expect(bodies.length).toBeGreaterThan(0);
    const spans: JsonSpan[] = [];
    for (const body of bodies) {
      const json = JSON.parse(body.body.toString("utf8"));
      expect(await strictOtlpProblems(json)).toEqual([]);
      for (const resource of json.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
    }
    expect(spans.map((span) => span.name).sort()).toEqual(["initialize", "notifications/initialized", "tools/list"]);
    expect(spans.every((span) => span.kind === 3)).toBe(true);
    const list = spans.find((span) => span.name === "tools/list")!;
    const findings = (list.events ?? []).filter((event) => event.name === "mcp_conformance.finding");
    const ids = findings.map(
      (event) => event.attributes.find((a) => a.key === "mcp_conformance.requirement.id")?.value.stringValue,
    );
    expect(ids).toEqual(["TOOL-006"]);
  });

  it("a collector that is down costs the spans and nothing else", async () => {
    const { code, stderr } = await replayWithOtlp("http://127.0.0.1:9/");
    expect(code).toBe(0);
    expect(stderr).toContain("mcp-conf watch: 3 exchange(s); findings so far: 0 fail, 1 warn\n");
    expect(stderr).toMatch(/mcp-conf watch: otlp: 0 span\(s\) exported, \d+ dropped, \d+ failed \(/);
  });

  it("refuses a bad collector URL in one line before anything starts", async () => {
    const result = await mcpConf(["watch", "--otlp", "ftp://collector", "stdio", "--", "cat"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")).toHaveLength(2);
    expect(result.stderr).toMatch(/^mcp-conf: watch: /);
  });
});
