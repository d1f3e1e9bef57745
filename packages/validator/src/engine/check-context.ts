/**
 * What a running check sees of its judge's session (types.ts `CheckContext`), as one small object per check whose
 * methods live on the prototype: a judge creates one per check its session reaches, so a thousand live sessions do
 * not each hold a closure per method per check. Checks may wrap a context with `Object.create(ctx, …)` (a scoped
 * view): the methods then run with the wrapper as `this` and read these fields through it, so nothing here is
 * assigned on `this` after construction — the counts live in `state`.
 */
import type { RequestRef, SessionFacts } from "@mcp-conf/session";
import type { ProxyAnswers } from "./proxy-answers.js";
import type { RecentSenders } from "./recent-senders.js";
import type { CheckContext, Finding, ReadingContext, Side } from "./types.js";

/**
 * The longest detail a finding keeps, cut with "…" beyond: the one cap on what a check writes (each quoted value
 * is cut shorter still, see checks/support/detail.ts), so no hostile value can flood a report.
 */
export const MAX_DETAIL_LENGTH = 1024;

/** One check's tally: subjects examined, findings kept (at most the judge's cap) and reported (all of them). */
export interface CheckState {
  examined: number;
  kept: Finding[];
  reported: number;
}

/** What every check of one judge shares. */
export interface SessionScope {
  readonly revision: string;
  readonly facts: SessionFacts;
  validateSchema(definition: string, value: unknown): string[];
  hasSchema(definition: string): boolean;
  openRequests(): readonly RequestRef[];
  /** Every finding of the judge, in the order reported. */
  readonly findings: Finding[];
  readonly maxFindingsPerCheck: number;
  readonly senders: RecentSenders;
  /** The recording proxy's own answers: a finding located at one blames no peer, so it is dropped. */
  readonly proxyAnswers: ProxyAnswers;
}

/** The session as a shared reading sees it (no examining, no reporting). */
export class ReadingView implements ReadingContext {
  constructor(protected readonly scope: SessionScope) {}

  get revision(): string {
    return this.scope.revision;
  }

  get facts(): SessionFacts {
    return this.scope.facts;
  }

  validateSchema(definition: string, value: unknown): string[] {
    return this.scope.validateSchema(definition, value);
  }

  hasSchema(definition: string): boolean {
    return this.scope.hasSchema(definition);
  }

  openRequests(): readonly RequestRef[] {
    return this.scope.openRequests();
  }
}

/** One check's context: the session, and its own tally. */
export class RunningCheckContext extends ReadingView implements CheckContext {
  constructor(
    scope: SessionScope,
    private readonly check: string,
    private readonly state: CheckState,
  ) {
    super(scope);
  }

  examined(): void {
    this.state.examined++;
  }

  report(seq: number | undefined, detail: string, owner?: Side): void {
    const { state, check, scope } = this;
    if (seq !== undefined && scope.proxyAnswers.has(seq)) return;
    state.reported++;
    if (state.kept.length >= scope.maxFindingsPerCheck) return;
    const text = detail.length > MAX_DETAIL_LENGTH ? `${detail.slice(0, MAX_DETAIL_LENGTH)}…` : detail;
    const finding: Finding = seq === undefined ? { check, detail: text } : { check, seq, detail: text };
    const side = owner ?? (seq === undefined ? undefined : scope.senders.get(seq));
    if (side !== undefined) finding.owner = side;
    state.kept.push(finding);
    scope.findings.push(finding);
  }
}
