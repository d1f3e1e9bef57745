/**
 * Finds the registry entry behind a report row, for the renderers that quote the spec (JUnit bodies, SARIF rules).
 * The registry comes from the render context, else it is the report revision's own; a revision with no registry
 * simply yields no quotes rather than an error, since the report itself is complete without them.
 */
import type { Registry, Requirement } from "../engine/types.js";
import { isKnownRevision, loadRegistry } from "../registry/index.js";
import type { RenderContext } from "./context.js";

export type RequirementLookup = ReadonlyMap<string, Requirement>;

export function requirementLookup(revision: string, context: RenderContext): RequirementLookup {
  const registry: Registry | undefined = context.registry ?? defaultRegistry(revision);
  const map = new Map<string, Requirement>();
  for (const requirement of registry?.requirements ?? []) map.set(requirement.id, requirement);
  return map;
}

function defaultRegistry(revision: string): Registry | undefined {
  return isKnownRevision(revision) ? loadRegistry(revision) : undefined;
}
