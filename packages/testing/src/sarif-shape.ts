/**
 * SARIF 2.1.0 conformance for tests that must show a report stays valid SARIF under hostile input: the log is
 * validated against the official OASIS JSON Schema (2.1.0-rtm.5, as shipped in @microsoft/jest-sarif, a test-only
 * dependency), and then for what a schema cannot say — every result's ruleId names a rule and its ruleIndex points at
 * that rule; every location's line is a positive integer.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isPlainObject } from "@mcp-conf/trace-format";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";

const require = createRequire(import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

/** The official schema is draft-04 with `id`; ajv reads it as draft-07 once `$schema` is dropped and `id` renamed. */
function compileSarifSchema() {
  const path = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
  const schema = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  // Its patterns are written for non-unicode regular expressions.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

let validateSarif: ReturnType<typeof compileSarifSchema> | undefined;

const LEVELS = new Set(["none", "note", "warning", "error"]);

function expectMessage(value: unknown, where: string): void {
  expect(isPlainObject(value) && typeof value.text === "string", `${where} is a message with text`).toBe(true);
}

export function expectSarifShape(log: unknown): void {
  validateSarif ??= compileSarifSchema();
  const valid = validateSarif(log);
  expect(valid, JSON.stringify(validateSarif.errors?.slice(0, 5))).toBe(true);
  expect(isPlainObject(log), "log is an object").toBe(true);
  if (!isPlainObject(log)) return;
  expect(log.version).toBe("2.1.0");
  expect(typeof log.$schema).toBe("string");
  expect(Array.isArray(log.runs), "runs is an array").toBe(true);
  for (const [r, run] of (log.runs as unknown[]).entries()) {
    expect(isPlainObject(run), `runs[${r}] is an object`).toBe(true);
    if (!isPlainObject(run)) continue;
    const driver = isPlainObject(run.tool) ? run.tool.driver : undefined;
    expect(isPlainObject(driver) && typeof driver.name === "string", `runs[${r}].tool.driver.name`).toBe(true);
    if (!isPlainObject(driver)) continue;
    const rules = Array.isArray(driver.rules) ? driver.rules : [];
    const ids = new Set<string>();
    for (const [i, rule] of rules.entries()) {
      expect(isPlainObject(rule) && typeof rule.id === "string", `rules[${i}].id`).toBe(true);
      if (!isPlainObject(rule)) continue;
      ids.add(rule.id as string);
      if (rule.shortDescription !== undefined) expectMessage(rule.shortDescription, `rules[${i}].shortDescription`);
      if (rule.helpUri !== undefined) expect(() => new URL(rule.helpUri as string)).not.toThrow();
      if (rule.defaultConfiguration !== undefined) {
        expect(LEVELS.has((rule.defaultConfiguration as { level: string }).level)).toBe(true);
      }
    }
    expect(Array.isArray(run.results), `runs[${r}].results is an array`).toBe(true);
    for (const [i, result] of (run.results as unknown[]).entries()) {
      expect(isPlainObject(result), `results[${i}] is an object`).toBe(true);
      if (!isPlainObject(result)) continue;
      expectMessage(result.message, `results[${i}].message`);
      expect(ids.has(result.ruleId as string), `results[${i}].ruleId names a rule`).toBe(true);
      expect(rules[result.ruleIndex as number]?.id).toBe(result.ruleId);
      expect(LEVELS.has(result.level as string)).toBe(true);
      for (const location of (result.locations as unknown[] | undefined) ?? []) {
        const physical = isPlainObject(location) ? location.physicalLocation : undefined;
        expect(isPlainObject(physical), "physicalLocation").toBe(true);
        if (!isPlainObject(physical)) continue;
        const artifact = physical.artifactLocation;
        expect(isPlainObject(artifact) && typeof artifact.uri === "string").toBe(true);
        if (physical.region !== undefined) {
          const line = (physical.region as { startLine: unknown }).startLine;
          expect(Number.isInteger(line) && (line as number) >= 1, "startLine is a positive integer").toBe(true);
        }
      }
    }
  }
}
