/**
 * Which requirements a finding counts against right now: every requirement listing its check, judged by the
 * report's own precedence (`judgeRequirement`) as if that finding were all the evidence — so an excluded,
 * unsupported or capability-gated requirement never shows live what the report would not show. Each
 * (requirement, finding) pair has a key, so it is printed once. The live judge attributes each finding as it comes;
 * an export attributes a finished report's findings (`findingsOfReport`).
 */
import { hasCapability, type SessionFacts } from "@mcp-conf/session";
import { ALL_CHECKS } from "./checks/index.js";
import { judgeRequirement, levelFails } from "./engine/outcome.js";
import type { Actor, AttributedFinding, Finding, Registry, Report, Requirement } from "./engine/types.js";

/** One finding as it counts against one requirement, with the verbatim spec sentence: what a live line prints. */
export interface QuotedFinding extends AttributedFinding {
  quote: string;
}

type LiveFinding = QuotedFinding;

const KNOWN_CHECKS: ReadonlySet<string> = new Set(ALL_CHECKS.map((check) => check.id));

/** A registry's requirements by the checks they list, and by id. */
interface RequirementIndex {
  byCheck: ReadonlyMap<string, readonly Requirement[]>;
  byId: ReadonlyMap<string, Requirement>;
}

/**
 * Indexed once per registry on a thread (registries are loaded once per revision and frozen), so a warm-up's judge
 * does it before the session's first finding needs it.
 */
const indexes = new WeakMap<Registry, RequirementIndex>();

function indexOf(registry: Registry): RequirementIndex {
  const known = indexes.get(registry);
  if (known) return known;
  const byCheck = new Map<string, Requirement[]>();
  const byId = new Map<string, Requirement>();
  for (const requirement of registry.requirements) {
    byId.set(requirement.id, requirement);
    for (const check of new Set(requirement.checks ?? [])) {
      const list = byCheck.get(check);
      if (list) list.push(requirement);
      else byCheck.set(check, [requirement]);
    }
  }
  const index = { byCheck, byId };
  indexes.set(registry, index);
  return index;
}

export class Attribution {
  private readonly byCheck: RequirementIndex["byCheck"];
  private readonly byId: RequirementIndex["byId"];
  /**
   * The requirements a finding counts against, by what decides that (`countingKey`): a session's findings are mostly
   * of a few checks, so each is judged once per key instead of once per finding.
   */
  private readonly counting = new Map<string, Requirement[]>();
  private readonly revision: string;

  constructor(
    registry: Registry,
    private readonly actor: Actor = "both",
  ) {
    this.revision = registry.revision;
    ({ byCheck: this.byCheck, byId: this.byId } = indexOf(registry));
  }

  /** The live lines a finding makes, given what the session has declared so far. */
  attribute(finding: Finding, facts: SessionFacts): LiveFinding[] {
    const requirements = this.byCheck.get(finding.check);
    if (requirements === undefined) return [];
    const key = countingKey(finding, requirements, facts);
    let counted = this.counting.get(key);
    if (counted === undefined) {
      const evidence = {
        known: KNOWN_CHECKS,
        examined: () => 0,
        findings: (check: string) => (check === finding.check ? [finding] : []),
      };
      counted = requirements.filter((requirement) => {
        const { outcome } = judgeRequirement(requirement, facts, evidence, this.actor);
        return outcome === "fail" || outcome === "warn";
      });
      this.counting.set(key, counted);
    }
    return counted.map((requirement) => liveFinding(requirement, finding, this.revision));
  }

  /** Every (requirement, finding) pair of a finished report. */
  fromReport(report: Report): LiveFinding[] {
    const rows: LiveFinding[] = [];
    for (const row of report.requirements) {
      const requirement = this.byId.get(row.id);
      if (!requirement || (row.outcome !== "fail" && row.outcome !== "warn")) continue;
      for (const finding of row.findings ?? []) rows.push(liveFinding(requirement, finding, this.revision));
    }
    return rows;
  }
}

/**
 * All that `judgeRequirement` reads of a lone finding and the session, for the requirements listing its check: the
 * check, the side that owes the finding, and which of those requirements' capabilities are declared now (the rest of
 * its inputs are fixed per requirement and judge).
 */
function countingKey(finding: Finding, requirements: readonly Requirement[], facts: SessionFacts): string {
  let key = `${finding.check}\u0000${finding.owner ?? ""}\u0000`;
  for (const { capability } of requirements) {
    if (capability !== undefined) key += hasCapability(facts, capability) ? "1" : "0";
  }
  return key;
}

function liveFinding(requirement: Requirement, finding: Finding, revision: string): LiveFinding {
  const live: LiveFinding = {
    requirement: requirement.id,
    level: requirement.level,
    outcome: levelFails(requirement.level) ? "fail" : "warn",
    revision,
    check: finding.check,
    detail: finding.detail,
    quote: requirement.source.quote,
    url: requirement.source.url,
  };
  if (finding.seq !== undefined) live.seq = finding.seq;
  if (finding.unlisted !== undefined) live.unlisted = finding.unlisted;
  return live;
}

/** Every (requirement, finding) pair of a finished report, as the live view and the exports show them. */
export function findingsOfReport(report: Report, registry: Registry): LiveFinding[] {
  return new Attribution(registry).fromReport(report);
}
