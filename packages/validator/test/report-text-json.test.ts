/** The text and JSON reports: exact layout, fixed key order, escaping of session text. */
import { describe, expect, it } from "vitest";
import { renderReport, renderReports } from "../src/report/index.js";
import { sampleReport } from "./report-fixtures.js";

describe("text report", () => {
  it("prints the header, one aligned row per requirement with its details, the totals and the verdict", () => {
    expect(renderReport(sampleReport(), "text", { trace: "traces/run.jsonl" })).toBe(
      [
        "MCP trace validation — revision 2025-11-25",
        "trace: traces/run.jsonl",
        "",
        "  PASS  BASE-001 (MUST)",
        "  FAIL  LIFE-003 (MUST)",
        "        the client never sent notifications/initialized",
        "  WARN  TOOL-006 (SHOULD)",
        '        seq 5: tool name "weather lookup,v2!" contains characters: " ,!"',
        "  EXCL  AUTH-001 (MUST)",
        "  UNSUP TOOL-099 (MUST)",
        "        missing checks: tool.not-written",
        "  N/A   SAMP-001 (MUST)",
        "        capability client.sampling was not negotiated",
        "  NOBS  PING-001 (MUST)",
        "",
        "totals: 1 pass, 1 fail, 1 warn, 1 excluded, 1 unsupported, 1 not applicable, 1 not observed",
        "verdict: unsupported",
        "",
      ].join("\n"),
    );
  });

  it("omits the trace line when no trace is named", () => {
    expect(renderReport(sampleReport(), "text").split("\n").slice(0, 2)).toEqual([
      "MCP trace validation — revision 2025-11-25",
      "",
    ]);
  });

  it("escapes control and bidi characters in details so they cannot reach a terminal raw", () => {
    const report = sampleReport({
      "TOOL-006": { findings: [{ check: "tool.name-charset", seq: 5, detail: "evil \u001b[31mred\u202e\n" }] },
    });
    const text = renderReport(report, "text");
    expect(text).toContain("        seq 5: evil \\u{1b}[31mred\\u{202e}\\u{a}\n");
    expect(text).not.toMatch(/[\u001b\u202e]/);
  });

  it("with rows: problems lists only failing, warning and unsupported rows, each finding naming the side that owes it", () => {
    expect(renderReport(sampleReport(), "text", { trace: "traces/run.jsonl", rows: "problems" })).toBe(
      [
        "MCP trace validation — revision 2025-11-25",
        "trace: traces/run.jsonl",
        "",
        "  FAIL  LIFE-003 (MUST)",
        "        [client] the client never sent notifications/initialized",
        "  WARN  TOOL-006 (SHOULD)",
        '        [server] seq 5: tool name "weather lookup,v2!" contains characters: " ,!"',
        "  UNSUP TOOL-099 (MUST)",
        "        missing checks: tool.not-written",
        "",
        "totals: 1 pass, 1 fail, 1 warn, 1 excluded, 1 unsupported, 1 not applicable, 1 not observed",
        "verdict: unsupported",
        "4 other requirement(s) not shown; --all lists every requirement",
        "",
      ].join("\n"),
    );
  });

  it("with nothing to show, goes from the header straight to the totals", () => {
    const clean = sampleReport({
      "LIFE-003": { outcome: "pass", findings: [] },
      "TOOL-006": { outcome: "pass", findings: [] },
      "TOOL-099": { outcome: "pass" },
    });
    expect(renderReport(clean, "text", { rows: "problems" }).split("\n").slice(0, 3)).toEqual([
      "MCP trace validation — revision 2025-11-25",
      "",
      "totals: 1 pass, 1 fail, 1 warn, 1 excluded, 1 unsupported, 1 not applicable, 1 not observed",
    ]);
  });

  it("colours FAIL red and WARN yellow only when asked, leaving the alignment as it was", () => {
    const plain = renderReport(sampleReport(), "text");
    const colored = renderReport(sampleReport(), "text", { color: true });
    expect(plain).not.toContain("\u001b");
    expect(colored).toContain("  \u001b[31mFAIL\u001b[0m  LIFE-003 (MUST)\n");
    expect(colored).toContain("  \u001b[33mWARN\u001b[0m  TOOL-006 (SHOULD)\n");
    expect(colored.replace(/\u001b\[\d+m/g, "")).toBe(plain);
  });

  it("says which side a not-applicable row binds when --actor left it unjudged", () => {
    const report = sampleReport({ "SAMP-001": { capability: undefined, binds: "client" } });
    expect(renderReport(report, "text")).toContain(
      "  N/A   SAMP-001 (MUST)\n        binds the client, whose obligations were not judged (--actor)\n",
    );
  });

  it("separates several reports with one blank line", () => {
    const one = renderReport(sampleReport(), "text");
    expect(renderReports([{ report: sampleReport() }, { report: sampleReport() }], "text")).toBe(`${one}\n${one}`);
  });
});

describe("JSON report", () => {
  it("writes revision, totals and rows in a fixed key order, two-space indented, with a trailing newline", () => {
    const json = renderReport(sampleReport(), "json");
    expect(json.endsWith("}\n")).toBe(true);
    expect(json.startsWith('{\n  "revision": "2025-11-25",\n  "totals": {\n    "pass": 1,')).toBe(true);
    const parsed = JSON.parse(json);
    expect(Object.keys(parsed)).toEqual(["revision", "totals", "requirements"]);
    expect(Object.keys(parsed.totals)).toEqual([
      "pass",
      "fail",
      "warn",
      "excluded",
      "unsupported",
      "not_applicable",
      "not_observed",
    ]);
    expect(parsed.requirements).toEqual([
      { id: "BASE-001", level: "MUST", outcome: "pass" },
      {
        id: "LIFE-003",
        level: "MUST",
        outcome: "fail",
        findings: [{ check: "life.initialized-sent", detail: "the client never sent notifications/initialized" }],
      },
      {
        id: "TOOL-006",
        level: "SHOULD",
        outcome: "warn",
        findings: [
          { check: "tool.name-charset", seq: 5, detail: 'tool name "weather lookup,v2!" contains characters: " ,!"' },
        ],
        capability: "server.tools",
      },
      { id: "AUTH-001", level: "MUST", outcome: "excluded", exclusion: "the OAuth flow happens off the MCP wire" },
      { id: "TOOL-099", level: "MUST", outcome: "unsupported", missing_checks: ["tool.not-written"] },
      { id: "SAMP-001", level: "MUST", outcome: "not-applicable", capability: "client.sampling" },
      { id: "PING-001", level: "MUST", outcome: "not-observed" },
    ]);
    expect(Object.keys(parsed.requirements[2])).toEqual(["id", "level", "outcome", "findings", "capability"]);
    expect(Object.keys(parsed.requirements[2].findings[0])).toEqual(["check", "seq", "detail"]);
  });

  it("leaves out the verdict, which the totals imply, and empty optional members", () => {
    const report = sampleReport({ "BASE-001": { findings: [], missing_checks: [] } });
    const parsed = JSON.parse(renderReport(report, "json"));
    expect(parsed.verdict).toBeUndefined();
    expect(parsed.requirements[0]).toEqual({ id: "BASE-001", level: "MUST", outcome: "pass" });
  });

  it("round-trips hostile strings exactly", () => {
    const detail = "</script>]]>\u0000\u202e\ud800 \u2028";
    const report = sampleReport({ "LIFE-003": { findings: [{ check: "x", detail }] } });
    expect(JSON.parse(renderReport(report, "json")).requirements[1].findings[0].detail).toBe(detail);
  });

  it("writes several reports one after the other", () => {
    const one = renderReport(sampleReport(), "json");
    expect(renderReports([{ report: sampleReport() }, { report: sampleReport() }], "json")).toBe(one + one);
  });
});
