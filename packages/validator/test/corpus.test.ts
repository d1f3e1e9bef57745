/**
 * The corpus as an executable specification, per revision: every violation trace fails or warns exactly the
 * requirement it is named after; every good trace passes without a warning (but DEPR warnings: a deprecated feature
 * used); every check is falsified by some violation trace and
 * examines a subject in some good trace; every golden report is byte-identical to what the validator prints now.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expectSarifShape } from "@mcp-conf/testing";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../src/checks/index.js";
import type { Report } from "../src/engine/types.js";
import { knownRevisions, loadRegistry } from "../src/registry/index.js";
import {
  ALL_FORMAT_TRACES,
  CORPUS_REVISIONS,
  type CorpusTrace,
  corpusTraces,
  coViolations,
  documentedDefects,
  goldenDir,
  goldenTargets,
  type JudgedCorpusTrace,
  judgeCorpusTrace,
  renderGolden,
  requirementIdOf,
} from "./corpus-files.js";

const judged = new Map<string, JudgedCorpusTrace>();
function judgedTrace(trace: CorpusTrace): JudgedCorpusTrace {
  const key = `${trace.revision}/${trace.kind}/${trace.name}`;
  let result = judged.get(key);
  if (!result) {
    result = judgeCorpusTrace(trace);
    judged.set(key, result);
  }
  return result;
}

/**
 * A warning that a deprecated feature was used (a DEPR requirement, 2026-07-28 on): a conforming session may use one,
 * so these warnings are neither a good trace's complaint nor a stray finding of a violation trace (checks/DESIGN.md).
 */
function deprecationWarning(row: Report["requirements"][number]): boolean {
  return row.outcome === "warn" && row.id.startsWith("DEPR-");
}

/** Failing and warning rows but deprecation warnings, with their findings, one line each, for assertion messages. */
function complaints(report: Report): string[] {
  return report.requirements
    .filter((row) => (row.outcome === "fail" || row.outcome === "warn") && !deprecationWarning(row))
    .flatMap((row) =>
      (row.findings ?? []).map((f) => `${row.outcome} ${row.id} [${f.check}] seq ${f.seq}: ${f.detail}`),
    );
}

const allViolations = CORPUS_REVISIONS.flatMap((revision) => corpusTraces("violations", revision));
const allGood = CORPUS_REVISIONS.flatMap((revision) => corpusTraces("good", revision));

it("has a corpus for every revision the validator judges", () => {
  expect(CORPUS_REVISIONS).toEqual(knownRevisions());
});

describe.each(CORPUS_REVISIONS)("corpus %s", (revision) => {
  const registry = loadRegistry(revision);
  const requirementById = new Map(registry.requirements.map((r) => [r.id, r]));
  const good = corpusTraces("good", revision);
  const violations = corpusTraces("violations", revision);
  const real = corpusTraces("real", revision);
  const coViolated = coViolations(revision);

  describe("layout", () => {
    it("holds good traces and violation traces", () => {
      expect(good.length).toBeGreaterThan(0);
      expect(violations.length).toBeGreaterThan(0);
    });

    it("names every violation trace <area>-<nnn>-<slug>.jsonl after a requirement judged by checks", () => {
      for (const trace of violations) {
        const id = requirementIdOf(trace.name);
        expect(id, `${trace.name}: name is not <area>-<nnn>-<slug>`).toBeDefined();
        const requirement = requirementById.get(id!);
        expect(requirement, `${trace.name}: no requirement ${id}`).toBeDefined();
        expect(requirement?.checks?.length ?? 0, `${trace.name}: ${id} is judged by no check`).toBeGreaterThan(0);
      }
    });

    it("lists in co-violations.json only violation traces that exist, and requirements of its registry", () => {
      const names = new Set(violations.map((t) => t.name));
      for (const [name, also] of coViolated) {
        expect(names.has(name), `co-violations.json names ${name}`).toBe(true);
        for (const id of also) expect(requirementById.has(id), `${name}: ${id}`).toBe(true);
      }
    });

    // The first test to judge every trace of the revision (judgedTrace caches): slow on a busy machine.
    it(`judges every trace at ${revision}, the revision its directory names`, () => {
      for (const trace of [...good, ...violations, ...real]) {
        expect(judgedTrace(trace).report.revision, trace.name).toBe(revision);
      }
    }, 120_000);
  });

  describe.each(violations.map((t) => [t.name, t] as const))("violation %s", (_name, trace) => {
    it("fails or warns the requirement it is named after, and no requirement that shares none of its checks (but those co-violations.json lists)", () => {
      const id = requirementIdOf(trace.name)!;
      const { report } = judgedTrace(trace);
      const row = report.requirements.find((r) => r.id === id);
      expect(row?.outcome, `${id} in ${trace.name}; complaints: ${complaints(report).join(" | ")}`).toMatch(
        /^(fail|warn)$/,
      );
      const also = coViolated.get(trace.name) ?? [];
      const named = new Set([id, ...also].flatMap((r) => requirementById.get(r)?.checks ?? []));
      for (const other of also) {
        expect(
          report.requirements.find((r) => r.id === other)?.outcome,
          `${other}, listed in co-violations.json for ${trace.name}`,
        ).toMatch(/^(fail|warn)$/);
      }
      const stray = report.requirements
        .filter((r) => r.id !== id && (r.outcome === "fail" || r.outcome === "warn") && !deprecationWarning(r))
        .flatMap((r) =>
          (r.findings ?? [])
            .filter((f) => !named.has(f.check))
            .map((f) => `${r.id} [${f.check}] seq ${f.seq}: ${f.detail}`),
        );
      expect(stray, `findings from checks ${id} does not list`).toEqual([]);
      expect(report.verdict).not.toBe("unsupported");
    });
  });

  describe.each(good.map((t) => [t.name, t] as const))("good %s", (_name, trace) => {
    it("passes with no failure and no warning but for deprecated features it uses", () => {
      const { report } = judgedTrace(trace);
      expect(complaints(report)).toEqual([]);
      expect(report.verdict).toBe(report.requirements.some(deprecationWarning) ? "pass-with-warnings" : "pass");
    });
  });

  describe.skipIf(real.length === 0)(
    "real sessions (official SDK clients and servers, recorded through mcp-conf record)",
    () => {
      const defects = documentedDefects();

      it(`are present over stdio and streamable HTTP${revision === "2024-11-05" ? ", and HTTP+SSE" : ""}`, () => {
        const transports = new Set(real.flatMap((t) => judgedTrace(t).events.map((e) => e.transport)));
        const expected = ["stdio", "streamable-http", ...(revision === "2024-11-05" ? ["sse"] : [])];
        expect([...transports].sort()).toEqual(expected.sort());
      });

      if (revision === "2024-11-05") {
        it("the HTTP+SSE session passes as a good session must: no failure, no warning", () => {
          const sse = real.filter((t) => judgedTrace(t).events.some((e) => e.transport === "sse"));
          expect(sse.map((t) => t.name)).toEqual(["everything-sse"]);
          const { report } = judgedTrace(sse[0]!);
          expect(complaints(report)).toEqual([]);
          expect(report.verdict).toBe("pass");
          const transportRows = report.requirements.filter((r) => r.id === "TRAN-055" || r.id === "TRAN-056");
          expect(transportRows.map((r) => r.outcome)).toEqual(["pass", "pass"]);
        });
      }

      it.each(real.map((t) => [t.name, t] as const))(
        "%s fails only where corpus/README.md documents a defect",
        (name, trace) => {
          const { report } = judgedTrace(trace);
          const failing = report.requirements.filter((r) => r.outcome === "fail").map((r) => r.id);
          const documented = defects.filter((d) => d.trace === `${revision}/${name}`).map((d) => d.requirement);
          expect(
            failing.filter((id) => !documented.includes(id)),
            complaints(report).join(" | "),
          ).toEqual([]);
          expect(
            documented.filter((id) => !failing.includes(id)),
            "documented defects that no longer show",
          ).toEqual([]);
          expect(report.verdict).not.toBe("unsupported");
        },
      );
    },
  );

  describe("golden reports", () => {
    const targets = goldenTargets(revision);
    const dir = goldenDir(revision);

    it.each(targets.map((t) => [t.file, t] as const))(
      "%s is byte-identical (pnpm bless regenerates it)",
      (file, target) => {
        const path = join(dir, file);
        expect(existsSync(path), `${file} missing: run pnpm bless`).toBe(true);
        const golden = readFileSync(path, "utf8");
        expect(renderGolden(target, judgedTrace(target.trace))).toBe(golden);
        if (target.format === "sarif") expectSarifShape(JSON.parse(golden));
        if (target.format === "junit") expect(XMLValidator.validate(golden)).toBe(true);
      },
    );

    it("holds no golden file that no trace produces", () => {
      const expected = new Set(targets.map((t) => t.file));
      const present = existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith(".")) : [];
      expect(present.filter((f) => !expected.has(f))).toEqual([]);
    });

    it("pins every good trace in json and text", () => {
      for (const trace of good) {
        expect(targets.some((t) => t.trace.name === trace.name && t.format === "json")).toBe(true);
        expect(targets.some((t) => t.trace.name === trace.name && t.format === "text")).toBe(true);
      }
    });
  });
});

describe("checks against the corpus of every revision", () => {
  it("every check is falsified by some violation trace", () => {
    const falsified = new Set<string>();
    for (const trace of allViolations) {
      for (const s of judgedTrace(trace).stats) if (s.findings > 0) falsified.add(s.check);
    }
    expect(ALL_CHECKS.map((c) => c.id).filter((id) => !falsified.has(id))).toEqual([]);
  });

  it("every check examines a subject in some good trace", () => {
    const examined = new Set<string>();
    for (const trace of allGood) for (const s of judgedTrace(trace).stats) if (s.examined > 0) examined.add(s.check);
    expect(ALL_CHECKS.map((c) => c.id).filter((id) => !examined.has(id))).toEqual([]);
  });

  it("pins some traces of the latest revision in all four formats", () => {
    const targets = goldenTargets();
    for (const name of ALL_FORMAT_TRACES) {
      const formats = targets.filter((t) => t.trace.name === name).map((t) => t.format);
      expect(formats.sort(), `${name} in all four formats`).toEqual(["json", "junit", "sarif", "text"]);
    }
  });
});
