/**
 * `mcp-conf validate` as a user runs it, through `main(args, io)` in this process (the binary's own start-up is
 * start-up.test.ts's): exit codes for every kind of trace, one-line errors, standard input, several traces, and each
 * format's output.
 */
import { readFileSync, rmSync } from "node:fs";
import { type Report, reportExitCode } from "@mcp-conf/validator";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import {
  cleanSession,
  failingSession,
  lifecycleOnly,
  mcpConf,
  REPO_ROOT,
  tempTraces,
  undeclaredSession,
} from "./validate-helpers.js";

const TOOL_006 = "corpus/2025-11-25/violations/tool-006-name-charset.jsonl";

const t = tempTraces({
  "clean.jsonl": cleanSession(),
  "failing.jsonl": failingSession(),
  "empty.jsonl": "",
  "lifecycle.jsonl": lifecycleOnly(),
  "undeclared.jsonl": undeclaredSession(),
  "malformed.jsonl": `${cleanSession().split("\n").slice(0, 3).join("\n")}\n{"seq": 9, "direction": "client-to-server",\n`,
  "bad-seq.jsonl": cleanSession().replace('"seq":2,', '"seq":0,'),
});

afterAll(() => rmSync(t.dir, { recursive: true, force: true }));

function oneLine(stderr: string): string {
  const lines = stderr.split("\n").filter((l) => l !== "");
  expect(lines, `stderr: ${stderr}`).toHaveLength(1);
  return lines[0]!;
}

describe("mcp-conf validate: exit codes", () => {
  it("exits 0 for a clean session and prints the text report", async () => {
    const run = await mcpConf(["validate", t["clean.jsonl"]!]);
    expect(run.stderr).toBe("");
    expect(run.stdout.startsWith("MCP trace validation — revision 2025-11-25\n")).toBe(true);
    expect(run.stdout).toContain("\nverdict: pass\n");
    expect(run.code).toBe(0);
  });

  it("exits 0 for a session that only warns, and 1 under --strict", async () => {
    const run = await mcpConf(["validate", TOOL_006]);
    expect(run.stdout).toContain("\nverdict: pass-with-warnings\n");
    expect(run.code).toBe(0);
    expect((await mcpConf(["validate", "--strict", TOOL_006])).code).toBe(1);
  });

  it("exits 1 for a session that breaks a MUST", async () => {
    const run = await mcpConf(["validate", t["failing.jsonl"]!]);
    expect(run.stdout).toContain("\nverdict: fail\n");
    expect(run.code).toBe(1);
  });

  it("exits 3 with one `line N:` line for a malformed trace", async () => {
    const run = await mcpConf(["validate", t["malformed.jsonl"]!]);
    expect(oneLine(run.stderr)).toMatch(/^mcp-conf validate: .*malformed\.jsonl: line 4: /);
    expect(run.stdout).toBe("");
    expect(run.code).toBe(3);
    const seq = await mcpConf(["validate", t["bad-seq.jsonl"]!]);
    expect(oneLine(seq.stderr)).toMatch(/bad-seq\.jsonl: line 3: /);
    expect(seq.code).toBe(3);
  });

  it("applies --max-events and --max-line-bytes to each trace, as malformed-trace limits", async () => {
    const events = await mcpConf(["validate", "--max-events", "2", t["clean.jsonl"]!]);
    expect(oneLine(events.stderr)).toMatch(/clean\.jsonl: line 3: .*maxEvents/);
    expect(events.code).toBe(3);
    const bytes = await mcpConf(["validate", "--max-line-bytes", "100", t["clean.jsonl"]!]);
    expect(oneLine(bytes.stderr)).toMatch(/clean\.jsonl: line 1: .*maxLineBytes/);
    expect(bytes.code).toBe(3);
    const bad = await mcpConf(["validate", "--max-events", "0", t["clean.jsonl"]!]);
    expect(oneLine(bad.stderr)).toBe('mcp-conf: validate: --max-events takes a positive integer, not "0"');
    expect(bad.code).toBe(2);
  });

  it("exits 2 for an empty or lifecycle-only trace: a failed capture judged nothing", async () => {
    for (const name of ["empty.jsonl", "lifecycle.jsonl"]) {
      const run = await mcpConf(["validate", t[name]!]);
      expect(oneLine(run.stderr)).toMatch(new RegExp(`^mcp-conf validate: .*${name} judged nothing: `));
      expect(run.stdout).toBe("");
      expect(run.code).toBe(2);
    }
  });

  it("exits 2 for a trace that declares no revision, and judges it with --revision", async () => {
    const run = await mcpConf(["validate", t["undeclared.jsonl"]!]);
    expect(oneLine(run.stderr)).toContain("declares no protocol version");
    expect(run.code).toBe(2);
    const forced = await mcpConf(["validate", "--revision", "2025-11-25", t["undeclared.jsonl"]!]);
    expect(forced.stdout).toContain("MCP trace validation — revision 2025-11-25");
  });

  it("exits 2 with one line for bad invocations", async () => {
    const cases: [string[], RegExp][] = [
      [["validate"], /^mcp-conf: /],
      [["validate", "--format", "xml", t["clean.jsonl"]!], /unknown format "xml"/],
      [
        ["validate", "--revision", "1999-01-01", t["clean.jsonl"]!],
        /unknown revision "1999-01-01" \(known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28\)/,
      ],
      [["validate", "-", "-"], /standard input \(-\) given twice/],
      [["validate", "no/such/trace.jsonl"], /no\/such\/trace\.jsonl: no such file/],
      [["bogus"], /^mcp-conf: unknown command "bogus"/],
      [["validate", "--bogus", t["clean.jsonl"]!], /^mcp-conf: Unknown argument: bogus$/],
    ];
    for (const [args, message] of cases) {
      const run = await mcpConf(args);
      expect(oneLine(run.stderr), args.join(" ")).toMatch(message);
      expect(run.code, args.join(" ")).toBe(2);
    }
  });

  it("exits with the worst code of several traces and still judges the others", async () => {
    const run = await mcpConf(["validate", t["clean.jsonl"]!, t["malformed.jsonl"]!, t["failing.jsonl"]!]);
    expect(run.code).toBe(3);
    expect(run.stdout.match(/^MCP trace validation/gm)).toHaveLength(2);
    expect(run.stdout).toMatch(/\nverdict: pass\n.*--all lists every requirement\n\nMCP trace validation/);
    expect((await mcpConf(["validate", t["clean.jsonl"]!, t["failing.jsonl"]!])).code).toBe(1);
    expect((await mcpConf(["validate", t["failing.jsonl"]!, t["empty.jsonl"]!])).code).toBe(2);
  });
});

describe("mcp-conf validate: input and formats", () => {
  it("reads standard input for -", async () => {
    const run = await mcpConf(["validate", "-", "--format", "json"], readFileSync(`${REPO_ROOT}/${TOOL_006}`, "utf8"));
    const report = JSON.parse(run.stdout);
    expect(report.requirements.find((r: { id: string }) => r.id === "TOOL-006").outcome).toBe("warn");
    expect(run.code).toBe(0);
  });

  it("names standard input in its one-line errors", async () => {
    const run = await mcpConf(["validate", "-"], "not json\n");
    expect(oneLine(run.stderr)).toMatch(/^mcp-conf validate: standard input: line 1: /);
    expect(run.code).toBe(3);
  });

  it.each([
    ["text", "txt"],
    ["json", "json"],
    ["junit", "junit.xml"],
    ["sarif", "sarif"],
  ])("prints the corpus golden byte for byte in %s for the seed's tool-006 trace", async (format, extension) => {
    const golden = readFileSync(`${REPO_ROOT}/corpus/2025-11-25/golden/tool-006-name-charset.${extension}`, "utf8");
    // The goldens pin the complete report: --all in text (the other formats are always complete).
    expect((await mcpConf(["validate", "--all", "--format", format, TOOL_006])).stdout).toBe(golden);
  });

  it("writes one JUnit document with a testsuite per trace", async () => {
    const run = await mcpConf(["validate", "--format", "junit", TOOL_006, t["clean.jsonl"]!]);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    expect(run.stdout.match(/<testsuite /g)).toHaveLength(2);
    expect(run.stdout).toContain('<testcase name="TOOL-006" classname="TOOL">');
  });

  it("locates SARIF results at the trace line of the event they name", async () => {
    const run = await mcpConf(["validate", "--format", "sarif", TOOL_006]);
    const log = JSON.parse(run.stdout);
    const result = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "TOOL-006");
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: TOOL_006 },
      region: { startLine: 6 },
    });
    const line = readFileSync(`${REPO_ROOT}/${TOOL_006}`, "utf8").split("\n")[5]!;
    expect(JSON.parse(line).seq).toBe(5);
  });
});

describe("exit code of a report", () => {
  const report = (verdict: Report["verdict"]) => ({ verdict }) as Report;

  it("is 2 for unsupported or nothing judged, 1 for fail, 0 for warnings unless --strict, 0 for pass", () => {
    expect(reportExitCode(report("unsupported"), false)).toBe(2);
    expect(reportExitCode(report("nothing-judged"), false)).toBe(2);
    expect(reportExitCode(report("fail"), false)).toBe(1);
    expect(reportExitCode(report("pass-with-warnings"), false)).toBe(0);
    expect(reportExitCode(report("pass-with-warnings"), true)).toBe(1);
    expect(reportExitCode(report("pass"), true)).toBe(0);
  });
});

describe("mcp-conf requirements", () => {
  it("prints the latest revision's registry as JSON by default: {revision, requirements}", async () => {
    const latest = JSON.parse((await mcpConf(["requirements", "--format", "json"])).stdout);
    expect(latest.revision).toBe("2026-07-28");
    expect(latest.requirements.find((r: { id: string }) => r.id === "TOOL-006").source.url).toBe(
      "https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names",
    );
    const run = await mcpConf(["requirements", "--revision", "2025-11-25", "--format", "json"]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(Object.keys(doc)).toEqual(["revision", "requirements"]);
    expect(doc.revision).toBe("2025-11-25");
    expect(doc.requirements.length).toBeGreaterThanOrEqual(70);
    const tool006 = doc.requirements.find((r: { id: string }) => r.id === "TOOL-006");
    expect(tool006.source.url).toBe("https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names");
    expect(tool006.checks).toContain("tool.name-charset");
  });

  it("prints one text block per requirement with its quote, URL and how it is judged", async () => {
    const run = await mcpConf(["requirements", "--revision", "2025-11-25"]);
    expect(run.code).toBe(0);
    const blocks = run.stdout.trimEnd().split("\n\n");
    const json = JSON.parse((await mcpConf(["requirements", "--revision", "2025-11-25", "--format", "json"])).stdout);
    expect(blocks).toHaveLength(json.requirements.length + 1);
    const block = blocks.find((b) => b.startsWith("TOOL-006 "))!;
    expect(block).toBe(
      [
        "TOOL-006 (SHOULD) binds the server, when server.tools is negotiated",
        `  "${json.requirements.find((r: { id: string }) => r.id === "TOOL-006").source.quote}"`,
        "  https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
        "  checks: tool.name-charset",
      ].join("\n"),
    );
    expect(blocks.some((b) => /\n {2}excluded: /.test(b))).toBe(true);
  });

  it("exits 2 with one line for an unknown revision or format", async () => {
    for (const args of [
      ["requirements", "--revision", "2024-01-01"],
      ["requirements", "--format", "yaml"],
    ]) {
      const run = await mcpConf(args);
      expect(oneLine(run.stderr)).toMatch(/^mcp-conf: requirements: unknown (revision|format)/);
      expect(run.code).toBe(2);
    }
  });
});
