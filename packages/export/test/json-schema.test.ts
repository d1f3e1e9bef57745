/**
 * `export -T json` documents are valid against schema/export.schema.json, on the real recorded sessions, on every
 * corpus violation trace and on a hostile one; and the judgement holds exactly the report's fail and warn findings.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { VERDICTS, validate } from "@mcp-conf/validator";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { collectSession, renderJson } from "../src/index.js";
import { CORPUS, hostileSession, loadCorpus } from "./support.js";

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL("../schema/export.schema.json", import.meta.url)), "utf8"),
);
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv);
const check = ajv.compile(schema);

const traces = [
  "real/everything-stdio.jsonl",
  "real/everything-http.jsonl",
  "good/base-http-everything-concurrent.jsonl",
  ...readdirSync(`${CORPUS}violations`).map((name) => `violations/${name}`),
];

describe("the JSON export", () => {
  it.each(traces)("%s gives a document valid against the schema", async (name) => {
    const { document } = await collectSession(loadCorpus(name), { contextCost: false });
    const parsed = JSON.parse(renderJson(document));
    const valid = check(parsed);
    expect(valid, JSON.stringify(check.errors?.slice(0, 3))).toBe(true);
  });

  it("the schema knows every verdict the validator gives", () => {
    expect(schema.properties.judgement.oneOf[0].properties.verdict.enum).toEqual([...VERDICTS]);
  });

  it("the schema refuses a document with a status outside the closed set", async () => {
    const { document } = await collectSession(loadCorpus("real/everything-stdio.jsonl"), { contextCost: false });
    const parsed = JSON.parse(renderJson(document));
    parsed.analysis.timeline.find((e: { kind: string }) => e.kind === "call").status = "fine";
    expect(check(parsed)).toBe(false);
  });

  it("with the context cost measured, and on a hostile session, it is still valid", async () => {
    for (const events of [loadCorpus("real/everything-http.jsonl"), hostileSession()]) {
      const { document } = await collectSession(events);
      expect(document.analysis.contextCost?.total).toBeGreaterThan(0);
      expect(check(JSON.parse(renderJson(document))), JSON.stringify(check.errors?.slice(0, 3))).toBe(true);
    }
  });

  it("holds every fail and warn finding of the validator's report, with its requirement's sentence", async () => {
    const events = loadCorpus("violations/tool-006-name-charset.jsonl");
    const report = validate(events);
    const expected = report.requirements
      .filter((row) => row.outcome === "fail" || row.outcome === "warn")
      .flatMap((row) => (row.findings ?? []).map((f) => [row.id, f.check, f.seq, f.detail]));
    const { document } = await collectSession(events, { contextCost: false });
    if ("error" in document.judgement) throw new Error(document.judgement.error);
    expect(document.judgement.verdict).toBe(report.verdict);
    expect(document.judgement.findings.map((f) => [f.requirement, f.check, f.seq, f.detail])).toEqual(expected);
    expect(document.judgement.findings[0]?.quote).toMatch(/SHOULD be the only allowed characters/);
  });
});
