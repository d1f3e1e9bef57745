import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "../src/checks/index.js";
import { RevisionError } from "../src/engine/errors.js";
import { AREA_ORDER, type AreaFile, knownRevisions, loadRegistry } from "../src/registry/index.js";
import { normalise, pageSections, repoRoot, specDir } from "./registry-sources.js";

const packageDir = join(repoRoot(), "packages", "validator");
const registryDir = join(packageDir, "registry");

/** The area files on disk, in area order (what the bundled registry must match). */
function areaFiles(revision: string): { name: string; file: AreaFile }[] {
  const names = readdirSync(join(registryDir, revision))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5));
  const order = (name: string) => {
    const i = (AREA_ORDER as readonly string[]).indexOf(name);
    return i === -1 ? AREA_ORDER.length : i;
  };
  return names
    .sort((a, b) => order(a) - order(b) || (a < b ? -1 : 1))
    .map((name) => ({
      name,
      file: JSON.parse(readFileSync(join(registryDir, revision, `${name}.json`), "utf8")) as AreaFile,
    }));
}

/** The areas, in report order: registry/areas.json, the one list of them (the schema names none). */
const AREAS: string[] = JSON.parse(readFileSync(join(registryDir, "areas.json"), "utf8"));
/** Every revision with a registry directory on disk: each is bundled and judged. */
const REVISIONS = readdirSync(registryDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const checkIds = new Set(ALL_CHECKS.map((check) => check.id));
const requirementsOf = (revision: string) => areaFiles(revision).flatMap(({ file }) => file.requirements);

describe.each(REVISIONS)("registry %s: area files", (REVISION) => {
  const SPEC_URL = `https://modelcontextprotocol.io/specification/${REVISION}/`;
  const areas = areaFiles(REVISION);
  const requirements = areas.flatMap(({ file }) => file.requirements);

  const schema = JSON.parse(readFileSync(join(registryDir, "registry.schema.json"), "utf8"));
  const validateArea = new Ajv2020.default({ allErrors: true }).compile(schema);

  it.each(areas.map(({ name, file }) => [name, file] as const))("%s.json matches registry.schema.json", (_, file) => {
    const ok = validateArea(file);
    expect(ok ? [] : validateArea.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    expect(AREAS, "an area of registry/areas.json").toContain(file.area);
  });

  it.each(areas.map(({ name, file }) => [name, file] as const))(
    "%s.json names its own area and revision",
    (name, file) => {
      expect(file.area).toBe(name);
      expect(file.revision).toBe(REVISION);
      expect(AREA_ORDER).toContain(name);
    },
  );

  it("gives every requirement a unique AREA-NNN id of its file's area", () => {
    const wrongArea = areas.flatMap(({ name, file }) =>
      file.requirements.filter((r) => !new RegExp(`^${name}-\\d{3}$`).test(r.id)).map((r) => `${name}: ${r.id}`),
    );
    expect(wrongArea).toEqual([]);
    const ids = requirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("builds every source url from its page and anchor", () => {
    const wrong = requirements
      .filter((r) => r.source.url !== `${SPEC_URL}${r.source.page}#${r.source.anchor}`)
      .map((r) => `${r.id}: ${r.source.url}`);
    expect(wrong).toEqual([]);
  });

  it("finds the spec sources it quotes inside the repository (spec/<revision>)", () => {
    expect(existsSync(join(specDir(REVISION), "schema", "schema.ts")), `no spec sources at ${specDir(REVISION)}`).toBe(
      true,
    );
  });

  it("quotes every sentence verbatim from the section its anchor names", () => {
    const wrong: string[] = [];
    for (const r of requirements) {
      const sections = pageSections(REVISION, r.source.page);
      const quote = normalise(r.source.quote);
      if (!sections) wrong.push(`${r.id}: no spec page ${r.source.page}`);
      else if (!sections.has(r.source.anchor))
        wrong.push(`${r.id}: no heading #${r.source.anchor} in ${r.source.page}`);
      else if (!sections.get(r.source.anchor)!.includes(quote)) {
        const elsewhere = sections.get("")!.includes(quote);
        wrong.push(`${r.id}: quote ${elsewhere ? `not under #${r.source.anchor}` : "not verbatim"}: ${quote}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("registry and checks", () => {
  it.each(REVISIONS)("the %s registry names only checks the validator has", (revision) => {
    const missing = requirementsOf(revision).flatMap((r) =>
      (r.checks ?? []).filter((c) => !checkIds.has(c)).map((c) => `${r.id}: ${c}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(REVISIONS)(
    "the %s registry's related clauses exist, are excluded, and their exclusion names the clause judging them",
    (revision) => {
      const byId = new Map(requirementsOf(revision).map((r) => [r.id, r]));
      const wrong = requirementsOf(revision).flatMap((r) =>
        (r.related ?? [])
          .filter((id) => !byId.get(id)?.exclusion?.includes(r.id))
          .map((id) => `${r.id} names ${id}, whose exclusion does not name ${r.id}`),
      );
      expect(wrong).toEqual([]);
    },
  );

  it("names every check the validator has in some revision's registry", () => {
    const named = new Set(REVISIONS.flatMap((revision) => requirementsOf(revision).flatMap((r) => r.checks ?? [])));
    expect(ALL_CHECKS.map((c) => c.id).filter((id) => !named.has(id))).toEqual([]);
  });

  it("has no two checks with one id, and every check id is area.kebab-name", () => {
    const ids = ALL_CHECKS.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toEqual([]);
  });
});

describe("loadRegistry", () => {
  it("knows every revision with a registry directory on disk", () => {
    expect(knownRevisions()).toEqual(REVISIONS);
  });

  it.each(REVISIONS)("bundles exactly the %s area files on disk, in area order", (REVISION) => {
    const requirements = requirementsOf(REVISION);
    const bundled = loadRegistry(REVISION);
    expect(bundled.revision).toBe(REVISION);
    expect(bundled.requirements.map((r) => r.id)).toEqual(requirements.map((r) => r.id));
    expect(bundled.requirements).toEqual(requirements);
  });

  it("refuses an unknown revision with a RevisionError naming the known ones", () => {
    expect(() => loadRegistry("1999-01-01")).toThrow(RevisionError);
    expect(() => loadRegistry("1999-01-01")).toThrow(
      `unknown revision "1999-01-01" (known: ${knownRevisions().join(", ")})`,
    );
  });

  it("hands out one frozen registry per revision", () => {
    const registry = loadRegistry("2025-11-25");
    expect(loadRegistry("2025-11-25")).toBe(registry);
    expect(Object.isFrozen(registry.requirements)).toBe(true);
  });
});
