/**
 * Row precedence, written once: how one requirement's outcome follows from the registry entry, the checks that
 * exist, the capabilities the session negotiated and what its checks saw. Also the totals and the verdict. Kept
 * apart from the judge so each rule has its own test and no renderer re-derives an outcome.
 */
import { hasCapability, type SessionFacts } from "@mcp-conf/session";
import {
  type Actor,
  assertNever,
  type Finding,
  type Level,
  type Outcome,
  type Requirement,
  type RequirementRow,
  type Totals,
  type Verdict,
} from "./types.js";

/** What the checks of a judged trace saw, by check id. */
export interface CheckEvidence {
  /** Ids of every check the validator knows (not only those that ran). */
  readonly known: ReadonlySet<string>;
  /** How many subjects each check examined. */
  examined(check: string): number;
  /** The findings each check reported. */
  findings(check: string): readonly Finding[];
}

const FAILING_LEVELS: ReadonlySet<Level> = new Set<Level>(["MUST", "MUST NOT", "REQUIRED"]);

/** Whether findings against a requirement of this level fail it (otherwise they warn). */
export function levelFails(level: Level): boolean {
  return FAILING_LEVELS.has(level);
}

/**
 * The outcome of one requirement: excluded → unsupported (a named check is missing) → not-applicable (the clause
 * binds a side `actor` does not judge, or its capability gate is missing from the side's observed declaration) → fail / warn (findings, by level;
 * under `actor` only those that side owes) → pass (a subject was examined) → not-observed.
 */
export function judgeRequirement(
  requirement: Requirement,
  facts: SessionFacts,
  evidence: CheckEvidence,
  actor: Actor = "both",
): RequirementRow {
  const row = (outcome: Outcome): RequirementRow => ({ id: requirement.id, level: requirement.level, outcome });

  if (requirement.exclusion !== undefined) return { ...row("excluded"), exclusion: requirement.exclusion };

  const checks = requirement.checks ?? [];
  const missing = checks.filter((check) => !evidence.known.has(check));
  if (missing.length > 0) return { ...row("unsupported"), missing_checks: missing };

  if (actor !== "both" && requirement.actor !== "both" && requirement.actor !== actor) {
    return { ...row("not-applicable"), binds: requirement.actor };
  }

  if (requirement.capability !== undefined && gateClosed(facts, requirement.capability)) {
    return { ...row("not-applicable"), capability: requirement.capability };
  }

  const findings = [...new Set(checks)]
    .flatMap((check) => evidence.findings(check))
    .map((finding) => ownedFinding(finding, requirement.actor))
    .filter((finding) => actor === "both" || finding.owner !== otherSide(actor));
  if (findings.length > 0) {
    const judged = { ...row(levelFails(requirement.level) ? "fail" : "warn"), findings: sortFindings(findings) };
    return requirement.related === undefined ? judged : { ...judged, related: [...requirement.related] };
  }

  if (checks.some((check) => evidence.examined(check) > 0)) return row("pass");
  return row("not-observed");
}

/**
 * A capability gate closes a clause only where the trace shows that side's declaration without the capability. A side
 * whose capabilities the trace never held (a 2026-07-28 stdio session whose client probed with server/discover on
 * another process, a capture started mid-session) declared nothing we can read: what was observed is still judged.
 */
function gateClosed(facts: SessionFacts, capability: string): boolean {
  const declared = capability.startsWith("client.") ? facts.clientCapabilities : facts.serverCapabilities;
  return declared !== undefined && !hasCapability(facts, capability);
}

/** A row's copy of a finding: owed by the clause's side, or (a clause binding both) by the side the engine named. */
function ownedFinding(finding: Finding, binds: Actor): Finding {
  if (binds === "both") return finding;
  return finding.owner === binds ? finding : { ...finding, owner: binds };
}

function otherSide(side: "server" | "client"): "server" | "client" {
  return side === "server" ? "client" : "server";
}

/** A finding's identity under a requirement: the same requirement, check, event and detail is the same finding. */
export function findingKey(requirement: string, finding: Finding): string {
  return `${requirement}\u0000${finding.check}\u0000${finding.seq ?? ""}\u0000${finding.detail}`;
}

/** Report order within a row: seq ascending (findings without a seq last), then check id, then detail. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}

function compareFindings(a: Finding, b: Finding): number {
  if (a.seq !== b.seq) {
    if (a.seq === undefined) return 1;
    if (b.seq === undefined) return -1;
    return a.seq - b.seq;
  }
  if (a.check !== b.check) return a.check < b.check ? -1 : 1;
  if (a.detail !== b.detail) return a.detail < b.detail ? -1 : 1;
  return 0;
}

export function emptyTotals(): Totals {
  return { pass: 0, fail: 0, warn: 0, excluded: 0, unsupported: 0, not_applicable: 0, not_observed: 0 };
}

export function totalsOf(rows: readonly RequirementRow[]): Totals {
  const totals = emptyTotals();
  for (const { outcome } of rows) {
    switch (outcome) {
      case "pass":
        totals.pass++;
        break;
      case "fail":
        totals.fail++;
        break;
      case "warn":
        totals.warn++;
        break;
      case "excluded":
        totals.excluded++;
        break;
      case "unsupported":
        totals.unsupported++;
        break;
      case "not-applicable":
        totals.not_applicable++;
        break;
      case "not-observed":
        totals.not_observed++;
        break;
      default:
        assertNever(outcome);
    }
  }
  return totals;
}

/**
 * Any unsupported row → unsupported; any fail → fail; any warn → pass-with-warnings; no pass → nothing-judged (a
 * report whose every row is excluded, not applicable or not observed judged nothing, and must not read as a pass);
 * else pass.
 */
export function verdictOf(totals: Totals): Verdict {
  if (totals.unsupported > 0) return "unsupported";
  if (totals.fail > 0) return "fail";
  if (totals.warn > 0) return "pass-with-warnings";
  if (totals.pass === 0) return "nothing-judged";
  return "pass";
}
