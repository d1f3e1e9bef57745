/**
 * The spec as data: a revision's registry is its area files (`registry/<revision>/<AREA>.json`, bundled at build
 * time) concatenated in the fixed area order. Loaded once per revision and frozen, so every judge shares it.
 */
import { RevisionError } from "../engine/errors.js";
import type { Registry, Requirement } from "../engine/types.js";
import { REGISTRY_AREAS } from "../generated/registries.js";

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

/** The revisions this validator can judge, oldest first. */
export function knownRevisions(): string[] {
  return Object.keys(REGISTRY_AREAS).sort();
}

/** The bundled area files of a revision, in area order. Throws a `RevisionError` for an unknown revision. */
export function loadAreas(revision: string): readonly AreaFile[] {
  const areas = Object.hasOwn(REGISTRY_AREAS, revision) ? REGISTRY_AREAS[revision] : undefined;
  if (!areas) throw RevisionError.unknown(revision, knownRevisions(), false);
  return areas as readonly AreaFile[];
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
