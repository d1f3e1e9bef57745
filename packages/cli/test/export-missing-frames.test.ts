/**
 * The missing-frame count travels with the exports, so a capture that undercounts itself says so wherever it is
 * opened: `log.comment` in HAR, the resource attribute `mcp_conformance.session.missing_frames` in OTLP (0 for a
 * whole capture), beside `analysis.losses.missingEvents` in JSON.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const HOLES = join(REPO_ROOT, "packages", "cli", "test", "fixtures", "check", "incomplete-capture.jsonl");
const WHOLE = join(REPO_ROOT, "corpus", "2025-11-25", "real", "everything-stdio.jsonl");

async function exported(trace: string, type: string) {
  const run = await mcpConf(["export", trace, "-T", type]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const resourceMissing = (otlp: { resourceSpans: { resource: { attributes: { key: string; value: unknown }[] } }[] }) =>
  otlp.resourceSpans[0]!.resource.attributes.find((a) => a.key === "mcp_conformance.session.missing_frames")?.value;

describe("the missing-frame count in every export", () => {
  it("a capture with holes: JSON, HAR's log.comment and OTLP's resource all give the same count", async () => {
    const missing = (await exported(HOLES, "json")).analysis.losses.missingEvents as number;
    expect(missing).toBeGreaterThan(0);
    const har = await exported(HOLES, "har");
    expect(har.log.comment).toContain(`incomplete capture: ${missing} frame(s) missing (gaps in the trace's seq)`);
    expect(resourceMissing(await exported(HOLES, "otlp"))).toEqual({ intValue: String(missing) });
  });

  it("a whole capture: no HAR comment about losses, and 0 in OTLP", async () => {
    expect(JSON.stringify((await exported(WHOLE, "har")).log.comment ?? "")).not.toContain("incomplete capture");
    expect(resourceMissing(await exported(WHOLE, "otlp"))).toEqual({ intValue: "0" });
  });
});
