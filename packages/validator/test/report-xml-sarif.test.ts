/** The JUnit XML and SARIF reports: element per outcome, well-formedness under hostile text, SARIF locations. */

import { expectSarifShape } from "@mcp-conf/testing";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeXml, escapeXmlAttribute, renderReport, renderReports } from "../src/report/index.js";
import { pathToUriReference } from "../src/report/sarif.js";
import { SAMPLE_REGISTRY, sampleReport } from "./report-fixtures.js";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", processEntities: true });

describe("JUnit report", () => {
  const xml = renderReport(sampleReport(), "junit", { trace: "run.jsonl", registry: SAMPLE_REGISTRY });

  it("is well-formed XML with a testcase per requirement named by id and classed by area", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(suite["@tests"]).toBe("7");
    expect(suite["@failures"]).toBe("1");
    expect(suite["@skipped"]).toBe("4");
    expect(suite.testcase.map((c: Record<string, string>) => [c["@name"], c["@classname"]])).toEqual([
      ["BASE-001", "BASE"],
      ["LIFE-003", "LIFE"],
      ["TOOL-006", "TOOL"],
      ["AUTH-001", "AUTH"],
      ["TOOL-099", "TOOL"],
      ["SAMP-001", "SAMP"],
      ["PING-001", "PING"],
    ]);
  });

  it("maps fail to failure, warn to system-out and the unjudged outcomes to skipped", () => {
    const cases = parser.parse(xml).testsuites.testsuite.testcase;
    expect(cases[0]).toEqual({ "@name": "BASE-001", "@classname": "BASE" });
    expect(cases[1].failure["@type"]).toBe("MUST");
    expect(cases[1].failure["#text"]).toContain("the client never sent notifications/initialized");
    expect(cases[1].failure["#text"]).toContain('spec: "The client MUST send an initialized notification."');
    expect(cases[2]["system-out"]).toContain('seq 5: tool name "weather lookup,v2!"');
    expect(cases[2].failure).toBeUndefined();
    expect(cases[3].skipped["@message"]).toBe("excluded: the OAuth flow happens off the MCP wire");
    expect(cases[4].skipped["@message"]).toBe("unsupported: missing checks tool.not-written");
    expect(cases[5].skipped["@message"]).toBe("not applicable: capability client.sampling was not negotiated");
    expect(cases[6].skipped["@message"]).toMatch(/^not observed/);
  });

  it("puts several traces in one document, a testsuite each", () => {
    const two = renderReports(
      [
        { report: sampleReport(), context: { trace: "a.jsonl" } },
        { report: sampleReport(), context: { trace: "b.jsonl" } },
      ],
      "junit",
    );
    expect(XMLValidator.validate(two)).toBe(true);
    const doc = parser.parse(two);
    expect(doc.testsuites["@tests"]).toBe("14");
    expect(doc.testsuites.testsuite.map((s: Record<string, string>) => s["@name"])).toEqual([
      "mcp-conf: a.jsonl",
      "mcp-conf: b.jsonl",
    ]);
  });

  it("stays well-formed and keeps the text for markup, CDATA ends, controls and lone surrogates", () => {
    const detail =
      "a </script> ]]> & \"q\" 's' <x/> \u0000\u0001\u001b\u000b\udfff\ud800\ufffe\uffff \ud83d\ude00 \t\r\n";
    const hostile = sampleReport({
      "LIFE-003": { findings: [{ check: "c", seq: 1, detail }] },
      "TOOL-006": { findings: [{ check: "c", detail }] },
      "AUTH-001": { exclusion: detail },
    });
    const out = renderReport(hostile, "junit", { trace: detail });
    expect(XMLValidator.validate(out)).toBe(true);
    const cases = parser.parse(out).testsuites.testsuite.testcase;
    const expected =
      "a </script> ]]> & \"q\" 's' <x/> \\u{0}\\u{1}\\u{1b}\\u{b}\\u{dfff}\\u{d800}\\u{fffe}\\u{ffff} \ud83d\ude00";
    expect(cases[1].failure["#text"]).toContain(expected);
    expect(cases[3].skipped["@message"]).toContain(`excluded: ${expected}`);
    expect(out).toContain('&#9;&#13;&#10;"/>');
  });
});

describe("XML escaping", () => {
  it("escapes the five markup characters", () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  });

  it("replaces every C0 control except tab, LF and CR with a visible escape", () => {
    for (let code = 0; code < 0x20; code++) {
      const ch = String.fromCharCode(code);
      const out = escapeXml(ch);
      if (ch === "\t" || ch === "\n") expect(out).toBe(ch);
      else if (ch === "\r") expect(out).toBe("&#13;");
      else expect(out).toBe(`\\u{${code.toString(16)}}`);
    }
  });

  it("keeps surrogate pairs and escapes lone halves, U+FFFE and U+FFFF", () => {
    expect(escapeXml("\ud83d\ude00")).toBe("\ud83d\ude00");
    expect(escapeXml("\ude00\ud83d")).toBe("\\u{de00}\\u{d83d}");
    expect(escapeXml("\ufffe\uffff\ufffd")).toBe("\\u{fffe}\\u{ffff}\ufffd");
  });

  it("writes tab, LF and CR in attributes as character references", () => {
    expect(escapeXmlAttribute("a\tb\nc\rd")).toBe("a&#9;b&#10;c&#13;d");
  });
});

describe("SARIF report", () => {
  const lineOfSeq = new Map([
    [0, 1],
    [5, 6],
  ]);
  const sarif = renderReport(sampleReport(), "sarif", {
    trace: "traces/my run.jsonl",
    lineOfSeq,
    registry: SAMPLE_REGISTRY,
  });
  const log = JSON.parse(sarif);

  it("has the SARIF 2.1.0 shape", () => {
    expectSarifShape(log);
    expect(log.version).toBe("2.1.0");
  });

  it("declares a rule per requirement with its quote, URL and level", () => {
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((r: { id: string }) => r.id)).toEqual([
      "BASE-001",
      "LIFE-003",
      "TOOL-006",
      "AUTH-001",
      "TOOL-099",
      "SAMP-001",
      "PING-001",
    ]);
    expect(rules[2]).toEqual({
      id: "TOOL-006",
      shortDescription: { text: "Tool names SHOULD be short." },
      helpUri: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
      defaultConfiguration: { level: "warning" },
      properties: { level: "SHOULD", outcome: "warn", actor: "server", capability: "server.tools" },
    });
    expect(rules[3].properties).toEqual({
      level: "MUST",
      outcome: "excluded",
      actor: "client",
      exclusion: "the OAuth flow happens off the MCP wire",
    });
  });

  it("reports fail as error and warn as warning, located at the trace line of the finding's seq", () => {
    const results = log.runs[0].results;
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ ruleId: "LIFE-003", ruleIndex: 1, level: "error" });
    expect(results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "traces/my%20run.jsonl" } });
    expect(results[1]).toMatchObject({ ruleId: "TOOL-006", ruleIndex: 2, level: "warning" });
    expect(results[1].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "traces/my%20run.jsonl" },
      region: { startLine: 6 },
    });
    expect(results[1].message.text).toBe(
      'TOOL-006 (SHOULD) [server] seq 5: tool name "weather lookup,v2!" contains characters: " ,!"',
    );
    expect(results[1].properties).toEqual({ check: "tool.name-charset", seq: 5, owner: "server" });
    expect(results[0].properties).toEqual({ check: "life.initialized-sent", owner: "client" });
  });

  it("gives results from standard input no location", () => {
    const stdin = JSON.parse(renderReport(sampleReport(), "sarif", { trace: "-" }));
    expect(stdin.runs[0].results[0].locations).toBeUndefined();
    expectSarifShape(stdin);
  });

  it("puts several traces in one log, a run each", () => {
    const two = JSON.parse(renderReports([{ report: sampleReport() }, { report: sampleReport() }], "sarif"));
    expect(two.runs).toHaveLength(2);
    expectSarifShape(two);
  });

  it("turns paths into URI references", () => {
    expect(pathToUriReference("a b/c#d.jsonl")).toBe("a%20b/c%23d.jsonl");
    expect(pathToUriReference("/tmp/x y.jsonl")).toBe("file:///tmp/x%20y.jsonl");
    expect(pathToUriReference("C:\\traces\\t.jsonl")).toBe("file:///C:/traces/t.jsonl");
  });
});
