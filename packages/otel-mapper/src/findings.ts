/**
 * Conformance findings as span events (`mcp_conformance.finding`), in this tool's own namespace since the semantic
 * conventions have none for conformance. A finding here is already tied to one requirement, with the outcome the
 * validator gave it: the helpers read a report's failing and warning rows, or the live judge's findings (which the
 * live judge attributed with the report's own precedence) — they never judge an outcome themselves.
 */
import type { AttributedFinding, Finding, Report, Requirement } from "@mcp-conf/validator";
import { uriUpToPath } from "./resource-uri.js";
import type { Attributes, SpanEvent } from "./span.js";
import { cut, MAX_DETAIL_LENGTH, wellFormed } from "./text-limits.js";

export const FINDING_EVENT_NAME = "mcp_conformance.finding";

/** One finding against one requirement, as a span event carries it. */
export interface SpanFinding {
  /** `AREA-NNN`. */
  requirementId: string;
  /** RFC 2119 level: `MUST`, `SHOULD NOT`, … */
  level: string;
  outcome: "fail" | "warn";
  revision: string;
  /** Where the requirement is published. */
  specUrl: string;
  /** The check that reported it. */
  check: string;
  detail: string;
  /** The trace event it points at, when it points at one. */
  seq?: number;
}

/** A live judge's findings as span findings, each at the revision it was judged at unless one is given. */
export function spanFindingsFromLive(findings: readonly AttributedFinding[], revision?: string): SpanFinding[] {
  return findings.map((f) => {
    const out: SpanFinding = {
      requirementId: f.requirement,
      level: f.level,
      outcome: f.outcome,
      revision: revision ?? f.revision,
      specUrl: f.url,
      check: f.check,
      detail: f.detail,
    };
    if (f.seq !== undefined) out.seq = f.seq;
    return out;
  });
}

/** The findings of a report's failing and warning rows, in report order, with each requirement's spec URL. */
export function spanFindingsFromReport(report: Report, requirements: readonly Requirement[]): SpanFinding[] {
  const urls = new Map(requirements.map((r) => [r.id, r.source.url]));
  const out: SpanFinding[] = [];
  for (const row of report.requirements) {
    if (row.outcome !== "fail" && row.outcome !== "warn") continue;
    const requirement = { id: row.id, level: row.level, source: { url: urls.get(row.id) ?? "" } };
    for (const finding of row.findings ?? []) {
      out.push(toSpanFinding(finding, requirement, row.outcome, report.revision));
    }
  }
  return out;
}

function toSpanFinding(
  finding: Finding,
  requirement: { id: string; level: string; source: { url: string } },
  outcome: "fail" | "warn",
  revision: string,
): SpanFinding {
  const out: SpanFinding = {
    requirementId: requirement.id,
    level: requirement.level,
    outcome,
    revision,
    specUrl: requirement.source.url,
    check: finding.check,
    detail: finding.detail,
  };
  if (finding.seq !== undefined) out.seq = finding.seq;
  return out;
}

/** In a detail: a double-quoted string (checks quote values with `JSON.stringify`), or a bare URI. */
const QUOTED_OR_URI = /"(?:[^"\\]|\\.)*"|\b[A-Za-z][A-Za-z0-9+.-]*:[^\s"'<>\\]+/g;
const STARTS_WITH_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S/;

/**
 * A finding's detail is the validator's text and may quote the session: names, ids, URIs. A URI in it — quoted
 * whole, even one with spaces, or bare — is cut to its path exactly as `mcp.resource.uri` is, so a presigned URI's
 * credential cannot leave through a detail.
 */
export function scrubDetail(detail: string): string {
  return detail.replace(QUOTED_OR_URI, (match) => {
    if (!match.startsWith('"')) return /[?#@]/.test(match) ? uriUpToPath(match) : match;
    const inner = match.slice(1, -1);
    return STARTS_WITH_SCHEME.test(inner) ? `"${uriUpToPath(inner)}"` : match;
  });
}

/** The span event for a finding; the detail is scrubbed, then cut at 512 characters and marked `…[cut]`. */
export function findingEvent(finding: SpanFinding, timeNanos: bigint): SpanEvent {
  const attributes: Attributes = {
    "mcp_conformance.requirement.id": wellFormed(finding.requirementId),
    "mcp_conformance.requirement.level": wellFormed(finding.level),
    "mcp_conformance.outcome": finding.outcome,
    "mcp_conformance.revision": wellFormed(finding.revision),
    "mcp_conformance.spec.url": wellFormed(finding.specUrl),
    "mcp_conformance.check": wellFormed(finding.check),
    "mcp_conformance.detail": cut(scrubDetail(finding.detail), MAX_DETAIL_LENGTH),
  };
  if (finding.seq !== undefined) attributes["mcp_conformance.trace.seq"] = finding.seq;
  return { name: FINDING_EVENT_NAME, timeNanos, attributes };
}
