/**
 * A structural check of a SARIF 2.1.0 log — the parts of the OASIS schema our reports use (log, runs, driver, rules,
 * results, locations), strict about required members and value types — for tests that must show a report stays
 * valid SARIF under hostile input.
 */
import { expect } from "vitest";

const LEVELS = new Set(["none", "note", "warning", "error"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function expectMessage(value: unknown, where: string): void {
  expect(isObject(value) && typeof value.text === "string", `${where} is a message with text`).toBe(true);
}

export function expectSarifShape(log: unknown): void {
  expect(isObject(log), "log is an object").toBe(true);
  if (!isObject(log)) return;
  expect(log.version).toBe("2.1.0");
  expect(typeof log.$schema).toBe("string");
  expect(Array.isArray(log.runs), "runs is an array").toBe(true);
  for (const [r, run] of (log.runs as unknown[]).entries()) {
    expect(isObject(run), `runs[${r}] is an object`).toBe(true);
    if (!isObject(run)) continue;
    const driver = isObject(run.tool) ? run.tool.driver : undefined;
    expect(isObject(driver) && typeof driver.name === "string", `runs[${r}].tool.driver.name`).toBe(true);
    if (!isObject(driver)) continue;
    const rules = Array.isArray(driver.rules) ? driver.rules : [];
    const ids = new Set<string>();
    for (const [i, rule] of rules.entries()) {
      expect(isObject(rule) && typeof rule.id === "string", `rules[${i}].id`).toBe(true);
      if (!isObject(rule)) continue;
      ids.add(rule.id as string);
      if (rule.shortDescription !== undefined) expectMessage(rule.shortDescription, `rules[${i}].shortDescription`);
      if (rule.helpUri !== undefined) expect(() => new URL(rule.helpUri as string)).not.toThrow();
      if (rule.defaultConfiguration !== undefined) {
        expect(LEVELS.has((rule.defaultConfiguration as { level: string }).level)).toBe(true);
      }
    }
    expect(Array.isArray(run.results), `runs[${r}].results is an array`).toBe(true);
    for (const [i, result] of (run.results as unknown[]).entries()) {
      expect(isObject(result), `results[${i}] is an object`).toBe(true);
      if (!isObject(result)) continue;
      expectMessage(result.message, `results[${i}].message`);
      expect(ids.has(result.ruleId as string), `results[${i}].ruleId names a rule`).toBe(true);
      expect(rules[result.ruleIndex as number]?.id).toBe(result.ruleId);
      expect(LEVELS.has(result.level as string)).toBe(true);
      for (const location of (result.locations as unknown[] | undefined) ?? []) {
        const physical = isObject(location) ? location.physicalLocation : undefined;
        expect(isObject(physical), "physicalLocation").toBe(true);
        if (!isObject(physical)) continue;
        const artifact = physical.artifactLocation;
        expect(isObject(artifact) && typeof artifact.uri === "string").toBe(true);
        if (physical.region !== undefined) {
          const line = (physical.region as { startLine: unknown }).startLine;
          expect(Number.isInteger(line) && (line as number) >= 1, "startLine is a positive integer").toBe(true);
        }
      }
    }
  }
}
