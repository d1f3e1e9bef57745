/**
 * Property tests: whatever text a hostile session puts into a report (any UTF-16 code units, lone surrogates and
 * controls included), every format stays well-formed — XML parses, JSON and SARIF parse and keep their shape, and
 * the text report carries no raw control or bidi character.
 */

import { expectSarifShape } from "@mcp-conf/testing";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { OUTCOMES, type Report, type RequirementRow, VERDICTS } from "../src/engine/types.js";
import { renderReport } from "../src/report/index.js";
import { SAMPLE_REGISTRY } from "./report-fixtures.js";

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const nastyChar = fc.constantFrom(
  "\u0000",
  "\u001b",
  "\u202e",
  "\u2028",
  "\ud800",
  "\udc00",
  "\ufffe",
  "]]>",
  "</script>",
  "&",
  "<",
  '"',
  "'",
);
const hostileText = fc
  .array(fc.oneof(anyCodeUnit, nastyChar, fc.string()), { maxLength: 40 })
  .map((parts) => parts.join(""));

const row: fc.Arbitrary<RequirementRow> = fc.record({
  id: fc.oneof(fc.constantFrom("BASE-001", "TOOL-006"), hostileText),
  level: fc.constantFrom("MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY"),
  outcome: fc.constantFrom(...OUTCOMES),
  findings: fc.array(
    fc.record({ check: hostileText, seq: fc.option(fc.nat(), { nil: undefined }), detail: hostileText }),
    { maxLength: 3 },
  ),
  exclusion: fc.option(hostileText, { nil: undefined }),
  missing_checks: fc.option(fc.array(hostileText, { maxLength: 2 }), { nil: undefined }),
  capability: fc.option(hostileText, { nil: undefined }),
});

const report: fc.Arbitrary<Report> = fc.record({
  revision: fc.oneof(fc.constant("2025-11-25"), hostileText),
  totals: fc.record({
    pass: fc.nat(),
    fail: fc.nat(),
    warn: fc.nat(),
    excluded: fc.nat(),
    unsupported: fc.nat(),
    not_applicable: fc.nat(),
    not_observed: fc.nat(),
  }),
  // A registry never repeats an id (its test says so), and SARIF rules must be unique: generate reports alike.
  requirements: fc.uniqueArray(row, { maxLength: 8, selector: (r) => r.id }),
  verdict: fc.constantFrom(...VERDICTS),
  capture: fc.oneof(
    fc.constant({ complete: true, missing: 0 }),
    fc.integer({ min: 1 }).map((missing) => ({ complete: false, missing })),
  ),
});

describe("reports under hostile text", () => {
  it("JUnit is always well-formed XML", () => {
    fc.assert(
      fc.property(report, hostileText, (r, trace) => {
        expect(XMLValidator.validate(renderReport(r, "junit", { trace, registry: SAMPLE_REGISTRY }))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("SARIF always parses and keeps its shape; JSON always parses", () => {
    fc.assert(
      fc.property(report, hostileText, (r, trace) => {
        expectSarifShape(JSON.parse(renderReport(r, "sarif", { trace, lineOfSeq: new Map([[1, 2]]) })));
        expect(JSON.parse(renderReport(r, "json")).requirements).toHaveLength(r.requirements.length);
      }),
      { numRuns: 300 },
    );
  });

  it("text never carries a raw control, bidi or lone-surrogate character and has one line per item", () => {
    fc.assert(
      fc.property(report, (r) => {
        const text = renderReport(r, "text");
        // Newlines are the report's own; nothing else below U+0020, no DEL/C1, no bidi controls, no lone surrogates.
        expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
        expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        const findingCount = r.requirements.reduce(
          (n, x) => n + (x.outcome === "fail" || x.outcome === "warn" ? (x.findings?.length ?? 0) : 0),
          0,
        );
        expect(text.split("\n").filter((l) => l.startsWith("        ")).length).toBeGreaterThanOrEqual(findingCount);
      }),
      { numRuns: 300 },
    );
  });

  it("a 1 MiB detail and deep JSON-looking text render in every format", () => {
    const huge = "x".repeat(1024 * 1024);
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const r: Report = {
      revision: "2025-11-25",
      totals: { pass: 0, fail: 1, warn: 0, excluded: 0, unsupported: 0, not_applicable: 0, not_observed: 0 },
      requirements: [
        { id: "BASE-001", level: "MUST", outcome: "fail", findings: [{ check: "c", seq: 1, detail: huge + deep }] },
      ],
      verdict: "fail",
      capture: { complete: true, missing: 0 },
    };
    expect(XMLValidator.validate(renderReport(r, "junit"))).toBe(true);
    expect(JSON.parse(renderReport(r, "json")).requirements[0].findings[0].detail).toHaveLength(huge.length + 20_000);
    expectSarifShape(JSON.parse(renderReport(r, "sarif", { trace: "t.jsonl" })));
    expect(renderReport(r, "text")).toContain(`seq 1: ${huge}`);
  });
});
