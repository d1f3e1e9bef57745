/**
 * A server that answers initialize with a version no revision has ("1.0", a future date) — a fault no real server
 * can be made to commit, so the corpus's hand-written LIFE-010 traces play it: `validate` and `watch` judge the
 * session at the version the client asked for, fail LIFE-010 on the answer, and every report format says why.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TraceBuilder } from "@mcp-conf/testing";
import { serializeEvent } from "@mcp-conf/trace-format";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { mcpConf, REPO_ROOT } from "./validate-helpers.js";
import { replayThroughWatch } from "./watch-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-unpublished-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAULT = "violations/life-010-answered-version-unpublished.jsonl";
const trace = (revision: string) => join(REPO_ROOT, "corpus", revision, FAULT);
const note = (answered: string, revision: string) =>
  `the server answered protocol version "${answered}", which is no published revision: judged at ${revision}, the version the client asked for`;

describe("validate: a server answering an unpublished protocol version", () => {
  it.each([
    ["2024-11-05", "2099-01-01"],
    ["2025-03-26", "2099-01-01"],
    ["2025-06-18", "2099-01-01"],
    ["2025-11-25", "1.0"],
  ])(
    "is judged at %s, the client's version, with LIFE-010 failed and a note in the header",
    async (revision, answered) => {
      const run = await mcpConf(["validate", trace(revision)]);
      expect(run.code, run.stderr).toBe(1);
      const lines = run.stdout.split("\n");
      expect(lines[0]).toBe(`MCP trace validation — revision ${revision}`);
      expect(lines[2]).toBe(`note: ${note(answered, revision)}`);
      const fail = lines.indexOf("  FAIL  LIFE-010 (MUST)");
      expect(fail, run.stdout).toBeGreaterThan(0);
      expect(lines[fail + 1]).toMatch(`[server] seq 2: the initialize result names protocolVersion "${answered}"`);
      expect(run.stdout).toMatch(/^totals: \d+ pass, 1 fail, /m);
    },
  );

  it("says so in JSON, JUnit and SARIF too", async () => {
    const path = trace("2025-11-25");
    const json = JSON.parse((await mcpConf(["validate", path, "-f", "json"])).stdout);
    expect(Object.keys(json).slice(0, 3)).toEqual(["revision", "revision_note", "totals"]);
    expect(json.revision_note).toBe(note("1.0", "2025-11-25"));

    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(
      (await mcpConf(["validate", path, "-f", "junit"])).stdout,
    );
    const properties = junit.testsuites.testsuite.properties.property as { name: string; value: string }[];
    expect(properties.find((p) => p.name === "revision-note")?.value).toBe(note("1.0", "2025-11-25"));

    const sarif = JSON.parse((await mcpConf(["validate", path, "-f", "sarif"])).stdout);
    expect(sarif.runs[0].properties.revisionNote).toBe(note("1.0", "2025-11-25"));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(["LIFE-010"]);
  });

  it("--revision still overrides, with no note; a published answer gets no note", async () => {
    const run = await mcpConf(["validate", "--revision", "2025-03-26", trace("2025-11-25"), "-f", "json"]);
    const json = JSON.parse(run.stdout);
    expect(json.revision).toBe("2025-03-26");
    expect(json.revision_note).toBeUndefined();
    const good = JSON.parse(
      (
        await mcpConf([
          "validate",
          join(REPO_ROOT, "corpus", "2025-11-25", "good", "base-stdio-session.jsonl"),
          "-f",
          "json",
        ])
      ).stdout,
    );
    expect(good.revision_note).toBeUndefined();
  });

  it("refuses with exit 2 when the client asked for no published revision either", async () => {
    const path = join(dir, "both-unpublished.jsonl");
    const bothUnpublished = new TraceBuilder({ revision: "2099-01-01" }).open().handshake({ server: {} }).close();
    writeFileSync(path, bothUnpublished.events.map((event) => `${serializeEvent(event)}\n`).join(""));
    const run = await mcpConf(["validate", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /declares protocol version "2099-01-01", which this validator does not know .*pass --revision/,
    );
  });
});

describe("watch: the same fault live", () => {
  it("judges the session at the client's version, prints the LIFE-010 finding live and the note in the report", async () => {
    const output = join(dir, "watched.jsonl");
    const { code, stderr } = await replayThroughWatch(trace("2025-11-25"), output);
    expect(code, stderr).toBe(0);
    const reportStart = stderr.indexOf("MCP trace validation — revision 2025-11-25");
    expect(reportStart, stderr).toBeGreaterThan(0);
    const live = stderr.slice(0, reportStart);
    expect(live).toMatch(/LIFE-010/);
    expect(live).toMatch(/protocolVersion "1\.0", which is no published revision/);
    const report = stderr.slice(reportStart).split("\n");
    expect(report).toContain(`note: ${note("1.0", "2025-11-25")}`);
    expect(report).toContain("  FAIL  LIFE-010 (MUST)");
    // What watch judged live is what validate judges of the trace it wrote.
    const validated = await mcpConf(["validate", output]);
    expect(stderr.slice(reportStart, reportStart + validated.stdout.length)).toBe(validated.stdout);
  }, 120_000);
});
