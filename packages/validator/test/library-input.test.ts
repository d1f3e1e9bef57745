/**
 * The library's front door: what is not a trace is refused with a typed error (a path has its own function), a
 * report that judged nothing never reads as a pass, and a capture with observations missing says so in every format.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { TraceInputError } from "../src/engine/errors.js";
import { createJudge, validate } from "../src/engine/judge.js";
import { validateFile } from "../src/file.js";
import { renderReport } from "../src/report/index.js";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const GOOD = join(REPO, "corpus", "2025-11-25", "good", "base-stdio-session.jsonl");
const goodEvents = (): TraceEvent[] => readTraceSync(readFileSync(GOOD));
const REVISION = { revision: "2025-11-25" };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

describe("validate refuses what is not a trace", () => {
  it("a path (a string) is a TraceInputError naming validateFile, with or without a revision", () => {
    for (const options of [{}, REVISION]) {
      const error = thrown(() => validate(GOOD as unknown as TraceEvent[], options));
      expect(error).toBeInstanceOf(TraceInputError);
      expect((error as Error).message).toContain("validateFile(path)");
      expect((error as Error).message).not.toContain("--revision");
    }
  });

  it("null, a number and a plain object are TraceInputErrors, not TypeErrors", () => {
    for (const value of [null, undefined, 42, { seq: 0 }]) {
      expect(thrown(() => validate(value as unknown as TraceEvent[], REVISION))).toBeInstanceOf(TraceInputError);
    }
  });

  it("an event of an unknown kind is refused with its position", () => {
    const events = [...goodEvents().slice(0, 3), { seq: 99, kind: "bogus" } as unknown as TraceEvent];
    const error = thrown(() => validate(events, REVISION)) as TraceInputError;
    expect(error).toBeInstanceOf(TraceInputError);
    expect(error.index).toBe(3);
    expect(error.message).toMatch(/^event 3: /);
  });

  it("events out of seq order are refused", () => {
    const [a, b] = goodEvents();
    const error = thrown(() => validate([b!, a!], REVISION)) as TraceInputError;
    expect(error.message).toBe("event 1: seq 0 is not above the seq before it (1)");
  });

  it("validateFile judges a file by its path exactly as validate judges its events", async () => {
    expect(await validateFile(GOOD)).toEqual(validate(goodEvents()));
    expect((await validateFile(GOOD)).verdict).toBe("pass");
  });
});

describe("a report that judged nothing", () => {
  it("has the verdict nothing-judged, never pass", () => {
    expect(validate([], REVISION).verdict).toBe("nothing-judged");
    const onlyLifecycle = goodEvents().filter((event) => event.kind === "lifecycle");
    expect(validate(onlyLifecycle, REVISION).verdict).toBe("nothing-judged");
  });

  it("says so in every format", () => {
    const report = validate([], REVISION);
    expect(renderReport(report, "text")).toContain("\nverdict: nothing-judged\n");
    expect(renderReport(report, "junit")).toContain('<property name="verdict" value="nothing-judged"/>');
    expect(JSON.parse(renderReport(report, "sarif")).runs[0].properties.verdict).toBe("nothing-judged");
  });
});

describe("an incomplete capture", () => {
  const withGap = () => {
    const events = goodEvents();
    // Two observations lost after the handshake: the seq jumps by three.
    return events.map((event, i) => (i >= 4 ? { ...event, seq: event.seq + 2 } : event));
  };

  it("a complete trace says nothing about its capture", () => {
    const report = validate(goodEvents());
    expect(report.capture).toEqual({ complete: true, missing: 0 });
    expect(renderReport(report, "text")).not.toContain("capture:");
    expect(JSON.parse(renderReport(report, "json")).capture).toBeUndefined();
  });

  it("gaps in seq make the report say it judged an incomplete capture, in every format", () => {
    const report = validate(withGap());
    expect(report.capture).toEqual({ complete: false, missing: 2 });
    expect(report.verdict).toBe("pass");
    expect(renderReport(report, "text")).toMatch(
      /\ncapture: incomplete — 2 observation\(s\) missing .*\nverdict: pass\n$/,
    );
    expect(JSON.parse(renderReport(report, "json")).capture).toEqual({ complete: false, missing: 2 });
    const junit = new XMLParser({ ignoreAttributes: false }).parse(renderReport(report, "junit"));
    const properties = junit.testsuites.testsuite.properties.property as { "@_name": string; "@_value": string }[];
    expect(properties.find((p) => p["@_name"] === "capture")?.["@_value"]).toBe("incomplete: 2 observation(s) missing");
    expect(JSON.parse(renderReport(report, "sarif")).runs[0].properties.capture).toEqual({
      complete: false,
      missing: 2,
    });
  });

  it("losses the judge is told of count too", () => {
    const judge = createJudge();
    for (const event of goodEvents()) judge.observe(event);
    judge.lost(3);
    expect(judge.finish().capture).toEqual({ complete: false, missing: 3 });
  });
});
