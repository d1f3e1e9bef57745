/**
 * The spec as data: a revision's registry is its area files (`registry/<revision>/<AREA>.json`, gathered per revision
 * into one JSON file at build time) concatenated in the fixed area order. Loaded on first use, once per revision, and
 * frozen, so every judge shares it and judging one revision never parses the others.
 */
import { RevisionError } from "../engine/errors.js";
import type { Registry, Requirement } from "../engine/types.js";
import { loadRegistryAreas, REGISTRY_REVISIONS } from "../generated/registries.js";

/** The areas of a registry, in report order. */
export { AREA_ORDER } from "../generated/registries.js";

/** One registry file as written: an area's requirements. */
export interface AreaFile {
  revision: string;
  area: string;
  title: string;
  requirements: Requirement[];
}

const loaded = new Map<string, Registry>();
const areaFiles = new Map<string, readonly AreaFile[]>();

/** The revisions this validator can judge, oldest first. */
export function knownRevisions(): string[] {
  return [...REGISTRY_REVISIONS];
}

/** Whether this validator bundles `revision` (every published revision is bundled). */
export function isKnownRevision(revision: string): boolean {
  return REGISTRY_REVISIONS.includes(revision);
}

/** The bundled area files of a revision, in area order. Throws a `RevisionError` for an unknown revision. */
export function loadAreas(revision: string): readonly AreaFile[] {
  let areas = areaFiles.get(revision);
  if (areas === undefined) {
    const read = loadRegistryAreas(revision);
    if (!read) throw RevisionError.unknown(revision, knownRevisions(), false);
    areas = read as readonly AreaFile[];
    areaFiles.set(revision, areas);
  }
  return areas;
}

/** The registry of a revision: every area's requirements in area order. Throws a `RevisionError` if unknown. */
export function loadRegistry(revision: string): Registry {
  const cached = loaded.get(revision);
  if (cached) return cached;
  const requirements = loadAreas(revision).flatMap((area) => area.requirements);
  const registry: Registry = deepFreeze({ revision, requirements });
  loaded.set(revision, registry);
  return registry;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
