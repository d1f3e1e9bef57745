/**
 * Facts about each outcome that every renderer reads — its text-report marker, its human label — written once as
 * exhaustive switches, so that a new outcome cannot compile until every report knows how to print it.
 */
import { assertNever, type Level, type Outcome } from "../engine/types.js";

/** The four-or-five letter marker of the text report. */
export function outcomeMarker(outcome: Outcome): string {
  switch (outcome) {
    case "pass":
      return "PASS";
    case "fail":
      return "FAIL";
    case "warn":
      return "WARN";
    case "excluded":
      return "EXCL";
    case "unsupported":
      return "UNSUP";
    case "not-applicable":
      return "N/A";
    case "not-observed":
      return "NOBS";
    default:
      return assertNever(outcome);
  }
}

/** The width every marker is padded to, so that requirement ids line up. */
export const MARKER_WIDTH = 5;

/** A short phrase for the outcome, as used in skip messages and summaries. */
export function outcomeLabel(outcome: Outcome): string {
  switch (outcome) {
    case "pass":
      return "pass";
    case "fail":
      return "fail";
    case "warn":
      return "warn";
    case "excluded":
      return "excluded";
    case "unsupported":
      return "unsupported";
    case "not-applicable":
      return "not applicable";
    case "not-observed":
      return "not observed";
    default:
      return assertNever(outcome);
  }
}

/** Whether a level is an absolute requirement (its findings fail) rather than a recommendation (they warn). */
export function isAbsoluteLevel(level: Level): boolean {
  switch (level) {
    case "MUST":
    case "MUST NOT":
    case "REQUIRED":
      return true;
    case "SHOULD":
    case "SHOULD NOT":
    case "MAY":
      return false;
    default:
      return assertNever(level);
  }
}

/** The area of a requirement id: `TOOL` for `TOOL-006`. */
export function areaOf(requirementId: string): string {
  const dash = requirementId.lastIndexOf("-");
  return dash > 0 ? requirementId.slice(0, dash) : requirementId;
}
