/**
 * Both verdicts of one scenario side by side: the suite's checks (its `checks.json`) and our rows that the
 * scenario's recorded traffic touched (pass, warn or fail, over every session it opened), then where they disagree.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { senderOf } from "@mcp-conf/session";
import { readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { type Actor, loadRegistry, type Report, type Requirement, RevisionError, validate } from "@mcp-conf/validator";
import { SUITE_CHECK_REASONS } from "./explanations.js";

export type SuiteStatus = "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";

export interface SuiteCheck {
  id: string;
  status: SuiteStatus;
  description: string;
  errorMessage?: string;
}

export type OurOutcome = "pass" | "warn" | "fail";

export interface OurFinding {
  trace: string;
  seq?: number;
  detail: string;
}

export interface OurRow {
  id: string;
  level: string;
  actor: Actor;
  outcome: OurOutcome;
  quote: string;
  url: string;
  findings: OurFinding[];
}

export interface Disagreement {
  kind: "suite-only-failure" | "ours-only-failure";
  /** The suite's check id, or our requirement id. */
  id: string;
  text: string;
  /** Why, where it is known (docs/test.md). */
  reason?: string;
  trace?: string;
  seq?: number;
}

export interface ScenarioVerdict {
  scenario: string;
  suite: { checks: SuiteCheck[]; failed: boolean; problem?: string };
  ours: { traces: string[]; rows: OurRow[]; failed: boolean; problems: string[]; notes: string[]; unrecorded?: string };
  disagreements: Disagreement[];
}

const RANK: Record<OurOutcome, number> = { pass: 0, warn: 1, fail: 2 };

/** The suite's checks of a scenario: every `checks.json` under its output directory (INFO rows dropped). */
export function readSuiteChecks(dir: string): { checks: SuiteCheck[]; problem?: string } {
  const files = existsSync(dir)
    ? (readdirSync(dir, { recursive: true }) as string[])
        .filter((name) => basename(name) === "checks.json")
        .map((name) => join(dir, name))
    : [];
  if (files.length === 0) return { checks: [], problem: "the suite wrote no checks.json" };
  const checks: SuiteCheck[] = [];
  for (const file of files) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<SuiteCheck>[];
    for (const check of parsed) {
      if (check.status === "INFO" || typeof check.id !== "string") continue;
      checks.push({
        id: check.id,
        status: check.status as SuiteStatus,
        description: String(check.description ?? ""),
        ...(check.errorMessage ? { errorMessage: String(check.errorMessage) } : {}),
      });
    }
  }
  return { checks };
}

/** Judges every trace of a scenario for `actor`'s obligations and merges the touched rows (worst outcome wins). */
export async function judgeScenarioTraces(
  dir: string,
  actor: Actor,
): Promise<{ traces: string[]; rows: OurRow[]; problems: string[]; notes: string[] }> {
  const traces = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".jsonl"))
        .sort()
    : [];
  const rows = new Map<string, OurRow>();
  const problems: string[] = [];
  const notes: string[] = [];
  for (const trace of traces) {
    const events: TraceEvent[] = [];
    try {
      for await (const event of readTraceFile(join(dir, trace))) events.push(event);
      const report = judgeAtSettledRevision(events, trace, notes);
      const registry = new Map(loadRegistry(report.revision).requirements.map((r) => [r.id, r]));
      const sideAt = new Map(events.map((event) => [event.seq, senderOf(event.direction)]));
      for (const row of report.requirements) {
        const requirement = registry.get(row.id);
        if (!requirement || !owes(requirement, actor)) continue;
        if (row.outcome !== "pass" && row.outcome !== "warn" && row.outcome !== "fail") continue;
        // A clause both sides owe is broken by whichever side sent the message: keep only the side under test's.
        const all = row.findings ?? [];
        const mine =
          actor === "both" || requirement.actor !== "both"
            ? all
            : all.filter((f) => f.seq === undefined || sideAt.get(f.seq) === actor);
        if (all.length > 0 && mine.length === 0) continue;
        const findings = mine.map((f) => ({ trace, seq: f.seq, detail: f.detail }));
        const seen = rows.get(row.id);
        if (!seen) rows.set(row.id, ourRow(requirement, row.outcome, findings));
        else {
          if (RANK[row.outcome] > RANK[seen.outcome]) seen.outcome = row.outcome;
          seen.findings.push(...findings);
        }
      }
    } catch (error) {
      problems.push(`${trace}: ${(error as Error).message}`);
    }
  }
  const ordered = [...rows.values()].sort((a, b) => RANK[b.outcome] - RANK[a.outcome] || a.id.localeCompare(b.id));
  return { traces, rows: ordered, problems, notes };
}

/** The revision the suite's scenarios are written for: where a session never settles one (a probe refused before
 * initialize completes), its trace is judged at this revision rather than not at all. */
export const SUITE_REVISION = "2025-11-25";

function judgeAtSettledRevision(events: TraceEvent[], trace: string, notes: string[]): Report {
  try {
    return validate(events);
  } catch (error) {
    if (!(error instanceof RevisionError)) throw error;
    notes.push(`${trace}: the session settled no protocol version; judged at ${SUITE_REVISION}, the suite's revision`);
    return validate(events, { revision: SUITE_REVISION });
  }
}

/** Whether a requirement binds the side under test (`both` binds either side). */
function owes(requirement: Requirement, actor: Actor): boolean {
  return actor === "both" || requirement.actor === actor || requirement.actor === "both";
}

function ourRow(requirement: Requirement, outcome: OurOutcome, findings: OurFinding[]): OurRow {
  return {
    id: requirement.id,
    level: requirement.level,
    actor: requirement.actor,
    outcome,
    quote: requirement.source.quote,
    url: requirement.source.url,
    findings,
  };
}

/** Puts the two verdicts of a scenario together and names where they disagree. */
export function compareScenario(
  scenario: string,
  suite: { checks: SuiteCheck[]; problem?: string },
  ours: { traces: string[]; rows: OurRow[]; problems: string[]; notes: string[]; unrecorded?: string },
): ScenarioVerdict {
  const suiteFailures = suite.checks.filter((check) => check.status === "FAILURE");
  const ourFailures = ours.rows.filter((row) => row.outcome === "fail");
  const disagreements: Disagreement[] = [];
  if (ourFailures.length === 0) {
    for (const check of suiteFailures) {
      disagreements.push({
        kind: "suite-only-failure",
        id: check.id,
        text: check.errorMessage ?? check.description,
        reason: ours.unrecorded ?? SUITE_CHECK_REASONS[check.id],
      });
    }
  }
  if (suiteFailures.length === 0 && suite.problem === undefined) {
    for (const row of ourFailures) {
      const first = row.findings[0];
      disagreements.push({
        kind: "ours-only-failure",
        id: row.id,
        text: row.quote,
        trace: first?.trace,
        seq: first?.seq,
      });
    }
  }
  return {
    scenario,
    suite: { ...suite, failed: suiteFailures.length > 0 || suite.problem !== undefined },
    ours: { ...ours, failed: ourFailures.length > 0 || ours.problems.length > 0 },
    disagreements,
  };
}
