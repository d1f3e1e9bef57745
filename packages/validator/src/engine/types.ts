/**
 * The shared vocabulary of the validator: requirements (the spec as data), checks (the code that judges them),
 * findings, outcomes and report rows. Checks are written once against the incremental engine and serve both
 * `validate` (batch) and the live judge.
 */

import type { CorrelationIssue, Exchange, MessageRef, RequestRef, SessionFacts } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";

export const LEVELS = ["MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY"] as const;
export type Level = (typeof LEVELS)[number];
/** Whom a clause binds; `--actor` names the side(s) whose obligations are judged. */
export const ACTORS = ["server", "client", "both"] as const;
export type Actor = (typeof ACTORS)[number];
/** One side of a session: the one a finding is owed by. */
export type Side = Exclude<Actor, "both">;

export interface RequirementSource {
  /** The page path under the revision, e.g. `server/tools`. */
  page: string;
  anchor: string;
  /** https://modelcontextprotocol.io/specification/<revision>/<page>#<anchor> */
  url: string;
  /** The normative sentence, verbatim from the spec source. */
  quote: string;
}

export interface Requirement {
  /** `AREA-NNN`, stable, never reused. */
  id: string;
  level: Level;
  actor: Actor;
  /** Capability gate such as `server.tools` or `client.sampling`. */
  capability?: string;
  source: RequirementSource;
  /** Ids of the checks that judge this requirement … */
  checks?: string[];
  /** … or why no trace can judge it. */
  exclusion?: string;
  /**
   * Other clauses stating the same fact (excluded there, each naming this one): a finding is reported once, under
   * this clause, and its row names them.
   */
  related?: string[];
}

export interface Registry {
  revision: string;
  requirements: Requirement[];
}

export interface Finding {
  check: string;
  seq?: number;
  detail: string;
  /**
   * The side that owes the clause: in a report row, the requirement's actor, or for a clause binding both sides the
   * sender of the event at `seq` (or the side the check named). Absent when nothing says which side.
   */
  owner?: Side;
  /** On the one finding that sums up a check's findings past the cap: how many it stands for, not listed. */
  unlisted?: number;
}

/**
 * A finding tied to one requirement, with the outcome the report's precedence gave it there: what the live judge
 * prints and an OTLP span event carries.
 */
export interface AttributedFinding extends Finding {
  requirement: string;
  level: Level;
  outcome: "fail" | "warn";
  /** The revision the trace was judged at. */
  revision: string;
  /** Where the requirement is published. */
  url: string;
}

/** A closed set: every renderer handles each one (see `assertNever`). */
export const OUTCOMES = ["pass", "fail", "warn", "excluded", "unsupported", "not-applicable", "not-observed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface RequirementRow {
  id: string;
  level: Level;
  outcome: Outcome;
  findings?: Finding[];
  exclusion?: string;
  missing_checks?: string[];
  capability?: string;
  /** Not applicable because the clause binds this side and only the other one was judged (`--actor`). */
  binds?: Side;
  /** On a failing or warning row: the other clauses stating the same fact (the requirement's `related`). */
  related?: string[];
}

export interface Totals {
  pass: number;
  fail: number;
  warn: number;
  excluded: number;
  unsupported: number;
  not_applicable: number;
  not_observed: number;
}

/** A closed set, in precedence order. `nothing-judged`: no requirement passed, failed or warned — never a pass. */
export const VERDICTS = ["unsupported", "fail", "pass-with-warnings", "nothing-judged", "pass"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Whether the judged trace held the whole session. */
export interface Capture {
  /** False when observations are known to be missing: a gap in `seq`, or a loss counted with `Judge.lost`. */
  complete: boolean;
  /** Observations known to be missing (a gap of n seq numbers counts n). */
  missing: number;
}

export interface Report {
  revision: string;
  /** Why the trace was judged at this revision, when that needs saying (every report format shows it). */
  revisionNote?: string;
  totals: Totals;
  requirements: RequirementRow[];
  verdict: Verdict;
  /** An incomplete capture is judged as far as it goes, and every report format says so. */
  capture: Capture;
  /**
   * Set when the server never spoke and the recording proxy answered the client itself (`proxy: true`: the upstream
   * could not be reached): how many responses the proxy made. Nothing of the server was judged, so the verdict is
   * never a pass (`nothing-judged`, or the client's own `fail`).
   */
  unreached?: number;
}

/** Keys a check may subscribe to besides a method name. */
export type MessageSelector = string | "*" | "*request" | "*notification" | "*response" | "*invalid";

/**
 * What a check judges. The engine dispatches an event only to the checks that subscribed to it, so a check pays
 * nothing for traffic it does not care about.
 */
export interface Subscription {
  /** JSON-RPC messages as they arrive: requests and notifications by their method; `*…` selectors by type. */
  messages?: readonly MessageSelector[];
  /**
   * Completed exchanges by method (the request's or notification's); `*request` for every request's (answered or
   * not); `*` for all, including notifications, orphans and invalid messages.
   */
  exchanges?: readonly string[];
  /** Whole events of these kinds, as they arrive. */
  events?: readonly TraceEvent["kind"][];
  /** With `events`: only the events of these transports (default: all), for a check that reads one transport. */
  transports?: readonly TraceEvent["transport"][];
  /** Correlation issues (duplicate ids, unknown ids, batches, null ids). */
  issues?: boolean;
}

/** What a check sees of the session and how it speaks. */
export interface CheckContext {
  readonly revision: string;
  /** Facts read off the trace so far (negotiated version, capabilities); grows as the trace does. */
  readonly facts: SessionFacts;
  /** Counts one subject examined. A row passes only if some subject was examined. */
  examined(): void;
  /**
   * Reports a finding against every requirement that lists this check. `owner`: the side that owes it where that is
   * not the sender of the event at `seq` (a request never answered is owed by its receiver).
   */
  report(seq: number | undefined, detail: string, owner?: Side): void;
  /** Validates `value` against a `$defs` type of the revision's official JSON Schema; returns error texts (empty = valid). */
  validateSchema(definition: string, value: unknown): string[];
  /** Whether the revision's schema defines this `$defs` type. */
  hasSchema(definition: string): boolean;
  /** Requests still waiting for their answer, oldest first. */
  openRequests(): readonly RequestRef[];
}

/** What a shared reading sees of the session: the check context without the means to examine or report. */
export type ReadingContext = Omit<CheckContext, "examined" | "report">;

/**
 * A reading of the trace that several checks share (the routed HTTP requests, the 2026 input rounds): the engine
 * makes one per judge when a running check reads it, feeds it the items it subscribed to once, and `emit` hands
 * each item it reads to every check that reads it, in check order. So N checks pay for one reading, and are called
 * only when the reading has something for them.
 */
export interface Reading<Item> {
  /** Names the reading in an internal error. */
  id: string;
  subscribe: Subscription;
  /** Fresh state per judged trace. */
  create(ctx: ReadingContext, emit: (item: Item) => void): CheckHandlers;
}

export interface CheckHandlers<Item = unknown> {
  /** An item of the reading the check `reads`. */
  read?(item: Item): void;
  message?(ref: MessageRef): void;
  exchange?(exchange: Exchange): void;
  event?(event: TraceEvent): void;
  issue?(issue: CorrelationIssue): void;
  /** The trace has ended: report what rests on absence. Unanswered requests were dispatched as exchanges first. */
  finish?(): void;
}

/**
 * Kinds of finding a CI gate may single out (`mcp-conf check --fail-on invalid`, `deprecated`): `invalid-message`, a
 * message that is not JSON-RPC or breaks the revision's schema; `deprecated`, a deprecated feature in use.
 */
export const CHECK_TAGS = ["invalid-message", "deprecated"] as const;
export type CheckTag = (typeof CHECK_TAGS)[number];

export interface CheckDefinition<Item = unknown> {
  /** `area.kebab-name`, stable; named for the rule it judges. */
  id: string;
  /** One sentence: what the check asserts. */
  description: string;
  /** What its findings are, for a reader that gates on a kind of finding rather than on check ids. */
  tags?: readonly CheckTag[];
  subscribe: Subscription;
  /** A shared reading whose items the check's `read` handler is given. */
  reads?: Reading<Item>;
  /** Fresh state per judged trace. */
  create(ctx: CheckContext): CheckHandlers<Item>;
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
