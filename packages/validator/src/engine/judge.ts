/**
 * The incremental judge: one pass over a trace, in seq order. Each event goes through the correlator (pairing
 * requests with answers) and the session-facts tracker, then to the checks subscribed to what it carried; at
 * `finish()` unanswered requests are dispatched, every check finishes, and the registry is turned into a report.
 * `validate` (batch) and the live judge both drive this, so a replayed file and a live session get the same
 * findings by construction.
 *
 * The revision decides the registry and so which checks run. Given as an option it applies from the first event;
 * otherwise events are buffered (a detection pass reads the session facts off them) until `chooseRevision` settles
 * one — normally at the initialize result, or at the first answered modern request — and then replayed through the
 * real pipeline, so findings are identical either way.
 */

import {
  Correlator,
  type Exchange,
  type RequestRef,
  type SessionFacts,
  SessionFactsTracker,
  senderOf,
} from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { ALL_CHECKS } from "../checks/index.js";
import { knownRevisions, loadRegistry } from "../registry/index.js";
import { schemaFor } from "../schema/index.js";
import { type CheckState, ReadingView, RunningCheckContext, type SessionScope } from "./check-context.js";
import type { CheckSlot } from "./dispatch.js";
import { CheckError, RevisionError } from "./errors.js";
import { forEachCheckedEvent } from "./input.js";
import { judgeRequirement, totalsOf, verdictOf } from "./outcome.js";
import { isReading, type Plan, planFor } from "./plan.js";
import type { ProbeFacts } from "./probe.js";
import { ProxyAnswers } from "./proxy-answers.js";
import { RecentSenders } from "./recent-senders.js";
import { chooseRevision, type RevisionChoice } from "./revision.js";
import type { Actor, Capture, CheckDefinition, CheckHandlers, Finding, Registry, Report } from "./types.js";

export { MAX_DETAIL_LENGTH } from "./check-context.js";

export interface JudgeOptions {
  /** Judge at this revision, whatever the trace declares. */
  revision?: string;
  /** Judge against this registry (its revision applies); default: the bundled registry of the revision. */
  registry?: Registry;
  /** The registries a declared revision is looked up in; default: the bundled ones. */
  registries?: readonly Registry[];
  /** The check catalogue registry entries name; default: every check the validator ships. */
  checks?: readonly CheckDefinition[];
  /** Findings kept per check; the rest are counted and summed up in one finding at `finish()`. Default 1000. */
  maxFindingsPerCheck?: number;
  /** Events buffered while the revision is unknown before giving up with a `RevisionError`. Default 10,000. */
  maxBufferedEvents?: number;
  /**
   * Whose obligations to judge: `server` or `client` judges only the clauses binding that side (and, of clauses
   * binding both, the findings that side owes); the other side's rows are not applicable. Default `both`.
   */
  actor?: Actor;
  /**
   * The server's declaration read off the probe session linked to this one (`probeFacts`, `isProbeOf`): a stdio
   * session whose client probed on another process holds none of its own. Its capabilities, supported versions and
   * identity stand as if this session's own `server/discover` had declared them.
   */
  probe?: ProbeFacts;
}

/** How much one check did: subjects examined and findings reported (including any beyond the kept ones). */
export interface CheckStats {
  check: string;
  examined: number;
  findings: number;
}

export interface Judge {
  /** The revision being judged; undefined until given or declared by the trace. */
  readonly revision: string | undefined;
  /** How the revision was chosen (`--revision`, initialize, `_meta`, the header); undefined until it is. */
  readonly revisionChoice: RevisionChoice | undefined;
  /** The registry being judged against; undefined until the revision is known. */
  readonly registry: Registry | undefined;
  /** What the trace has shown so far of the session (versions, capabilities); undefined until the revision is known. */
  readonly facts: SessionFacts | undefined;
  /** Feeds one event, in seq order. Cheap: the event goes only to the checks subscribed to it. */
  observe(event: TraceEvent): void;
  /**
   * Counts observations that never reached this judge without leaving a gap in the `seq` it sees (an event a sink
   * dropped before it was numbered, a failed write): the report will say it judged an incomplete capture.
   */
  lost(count: number): void;
  /**
   * Ends the trace and builds the report (idempotent). Throws a `RevisionError` if no revision was ever known.
   * Once `observe` or `finish` has thrown, every later call throws the same error.
   */
  finish(): Report;
  /** Every finding reported so far, in the order reported; only grows (findings resting on absence come at finish). */
  findings(): readonly Finding[];
  /** Per running check, in catalogue order: what it examined and how many findings it reported. */
  checkStats(): CheckStats[];
}

const DEFAULT_MAX_FINDINGS_PER_CHECK = 1000;
const DEFAULT_MAX_BUFFERED_EVENTS = 10_000;
/** Message senders remembered, by seq: those of the last this many seqs. */
const RECENT_SENDERS = 8192;

/** Creates a judge for one trace. Throws a `RevisionError` at once if `options.revision` is unknown. */
export function createJudge(options: JudgeOptions = {}): Judge {
  return new IncrementalJudge(options);
}

/**
 * Judges a whole trace: observe every event, then finish. Throws a `TraceInputError` when `events` is not a trace (a
 * string such as a file path — see `validateFile` — null, or an event that is not a trace event).
 */
export function validate(events: Iterable<TraceEvent>, options: JudgeOptions = {}): Report {
  const judge = createJudge(options);
  forEachCheckedEvent(events, (event) => judge.observe(event));
  return judge.finish();
}

/**
 * The running part of a judge, once its registry is chosen. The plan (which checks run, the dispatch tables) is the
 * registry's, shared; a check's handlers and state are created here when its first item reaches it (most of a
 * session's checks never hear anything), and at `finish` for a check that judges absence.
 */
class Pipeline implements SessionScope {
  readonly correlator = new Correlator();
  readonly tracker = new SessionFactsTracker();
  readonly plan: Plan;
  readonly revision: string;
  /** Handlers and tallies of the checks (and readings) created so far, at their plan position. */
  private readonly handlers: (CheckHandlers | undefined)[];
  private readonly states: (CheckState | undefined)[];
  /** The side that sent each recent message event, by seq (bounded). */
  readonly senders = new RecentSenders(RECENT_SENDERS);
  readonly proxyAnswers = new ProxyAnswers();
  private readonly schema: ReturnType<typeof schemaFor>;
  private view: ReadingView | undefined;

  constructor(
    readonly registry: Registry,
    catalogue: readonly CheckDefinition[],
    readonly findings: Finding[],
    readonly maxFindingsPerCheck: number,
    private readonly actor: Actor,
    probe: ProbeFacts | undefined,
  ) {
    if (probe !== undefined) declareFromProbe(this.tracker.facts, probe);
    this.plan = planFor(registry, catalogue);
    this.revision = registry.revision;
    this.schema = schemaFor(registry.revision);
    this.handlers = new Array(this.plan.slots.length);
    this.states = new Array(this.plan.slots.length);
  }

  get facts(): SessionFacts {
    return this.tracker.facts;
  }

  validateSchema(definition: string, value: unknown): string[] {
    if (!this.schema) throw new Error(`revision ${this.revision} has no vendored JSON Schema`);
    return this.schema.validate(definition, value);
  }

  hasSchema(definition: string): boolean {
    return this.schema?.has(definition) ?? false;
  }

  openRequests(): readonly RequestRef[] {
    return this.correlator.openRequests();
  }

  /** The handlers of a check or reading, created on first use. */
  private handlersOf(slot: CheckSlot): CheckHandlers {
    return this.handlers[slot.position] ?? this.create(slot);
  }

  private create(slot: CheckSlot): CheckHandlers {
    const planned = this.plan.slots[slot.position]!;
    let handlers: CheckHandlers;
    try {
      if (isReading(planned)) {
        this.view ??= new ReadingView(this);
        handlers = planned.reading.create(this.view, (item) => this.emit(planned.listeners, item));
      } else {
        const state: CheckState = { examined: 0, kept: [], reported: 0 };
        this.states[slot.position] = state;
        handlers = planned.definition.create(new RunningCheckContext(this, planned.id, state));
      }
    } catch (error) {
      throw new CheckError(planned.id, "create", error);
    }
    this.handlers[slot.position] = handlers;
    return handlers;
  }

  /** A reading's item, to every check that reads it, in check order. */
  private emit(listeners: readonly CheckSlot[], item: unknown): void {
    const reader = this.current;
    for (const listener of listeners) {
      this.current = listener;
      this.handlersOf(listener).read!(item);
    }
    this.current = reader;
  }

  /** The check being called, so that an exception can name it (one try per event, not one per call). */
  private current: CheckSlot | undefined;
  private phase = "";

  observe(event: TraceEvent): void {
    this.proxyAnswers.observe(event);
    if (event.kind === "message") {
      this.senders.set(event.seq, senderOf(event.direction));
    }
    const { messages, exchanges, issues } = this.correlator.observe(event);
    const tables = this.plan.tables;
    if (event.kind === "http") this.tracker.event(event);
    for (const ref of messages) this.tracker.message(ref);
    for (const exchange of exchanges) this.tracker.exchange(exchange);
    try {
      this.phase = "event";
      for (const check of tables.forEvent(event)) {
        this.current = check;
        this.handlersOf(check).event!(event);
      }
      this.phase = "message";
      for (const ref of messages) {
        for (const check of tables.forMessage(ref)) {
          this.current = check;
          this.handlersOf(check).message!(ref);
        }
      }
      this.phase = "issue";
      for (const issue of issues) {
        for (const check of tables.issueListeners) {
          this.current = check;
          this.handlersOf(check).issue!(issue);
        }
      }
      this.dispatchExchanges(exchanges);
    } catch (error) {
      throw this.blame(error);
    }
    this.current = undefined;
  }

  private dispatchExchanges(exchanges: readonly Exchange[]): void {
    this.phase = "exchange";
    for (const exchange of exchanges) {
      for (const check of this.plan.tables.forExchange(exchange)) {
        this.current = check;
        this.handlersOf(check).exchange!(exchange);
      }
    }
  }

  private blame(error: unknown): unknown {
    const check = this.current;
    this.current = undefined;
    if (error instanceof CheckError) return error;
    return check ? new CheckError(check.id, this.phase, error) : error;
  }

  finish(capture: Capture): Report {
    const unanswered = this.correlator.finish();
    for (const exchange of unanswered) this.tracker.exchange(exchange);
    try {
      this.dispatchExchanges(unanswered);
      this.phase = "finish";
      for (const check of this.plan.tables.finishers) {
        this.current = check;
        this.handlersOf(check).finish!();
      }
    } catch (error) {
      throw this.blame(error);
    }
    this.current = undefined;
    for (const check of this.plan.checks) {
      const state = this.states[check.position];
      const hidden = state ? state.reported - state.kept.length : 0;
      if (!state || hidden <= 0) continue;
      const summary: Finding = {
        check: check.id,
        detail: `… and ${hidden} more finding(s) of this check not listed`,
        unlisted: hidden,
      };
      state.kept.push(summary);
      this.findings.push(summary);
    }
    const facts = this.tracker.facts;
    const evidence = {
      known: this.plan.known,
      examined: (check: string) => this.stateOf(check)?.examined ?? 0,
      findings: (check: string) => this.stateOf(check)?.kept ?? [],
    };
    const requirements = this.registry.requirements.map((requirement) =>
      judgeRequirement(requirement, facts, evidence, this.actor),
    );
    const totals = totalsOf(requirements);
    const report: Report = {
      revision: this.registry.revision,
      totals,
      requirements,
      verdict: verdictOf(totals),
      capture,
    };
    if (this.proxyAnswers.unreached) {
      report.unreached = this.proxyAnswers.answered;
      if (report.verdict === "pass" || report.verdict === "pass-with-warnings") report.verdict = "nothing-judged";
    }
    return report;
  }

  private stateOf(check: string): CheckState | undefined {
    const position = this.plan.positions.get(check);
    return position === undefined ? undefined : this.states[position];
  }

  stats(): CheckStats[] {
    return this.plan.checks.map(({ id, position }) => {
      const state = this.states[position];
      return { check: id, examined: state?.examined ?? 0, findings: state?.reported ?? 0 };
    });
  }
}

class IncrementalJudge implements Judge {
  private pipeline: Pipeline | undefined;
  private readonly findingList: Finding[] = [];
  private readonly catalogue: readonly CheckDefinition[];
  private readonly maxFindingsPerCheck: number;
  private readonly maxBufferedEvents: number;
  /** While the revision is unknown: the events seen, and a throw-away correlator that reads the declared version. */
  private buffer: TraceEvent[] | undefined;
  private detector: { correlator: Correlator; tracker: SessionFactsTracker } | undefined;
  private report: Report | undefined;
  private failure: Error | undefined;
  /** The seq of the last event observed, and the observations known to be missing (seq gaps and counted losses). */
  private lastSeq: number | undefined;
  private missing = 0;
  private choice: RevisionChoice | undefined;

  constructor(private readonly options: JudgeOptions) {
    this.catalogue = options.checks ?? ALL_CHECKS;
    this.maxFindingsPerCheck = options.maxFindingsPerCheck ?? DEFAULT_MAX_FINDINGS_PER_CHECK;
    this.maxBufferedEvents = options.maxBufferedEvents ?? DEFAULT_MAX_BUFFERED_EVENTS;
    if (options.registry) {
      const known = [options.registry.revision];
      this.choice = chooseRevision({ override: options.revision ?? options.registry.revision, known })!;
      this.start(options.registry);
    } else if (options.revision !== undefined) {
      this.choice = chooseRevision({ override: options.revision, known: this.known() })!;
      this.start(this.lookUp(this.choice.revision));
    } else {
      this.buffer = [];
      this.detector = { correlator: new Correlator(), tracker: new SessionFactsTracker() };
    }
  }

  get revision(): string | undefined {
    return this.pipeline?.registry.revision;
  }

  get revisionChoice(): RevisionChoice | undefined {
    return this.choice;
  }

  get registry(): Registry | undefined {
    return this.pipeline?.registry;
  }

  get facts(): SessionFacts | undefined {
    return this.pipeline?.tracker.facts;
  }

  observe(event: TraceEvent): void {
    if (this.failure) throw this.failure;
    if (this.report) throw new Error("observe() after finish(): a judge judges one trace");
    if (this.lastSeq !== undefined && event.seq > this.lastSeq + 1) this.missing += event.seq - this.lastSeq - 1;
    this.lastSeq = event.seq;
    if (this.pipeline) {
      try {
        this.pipeline.observe(event);
      } catch (error) {
        this.fail(error as Error);
      }
      return;
    }
    this.buffer!.push(event);
    this.detect(event);
    const full = this.buffer!.length >= this.maxBufferedEvents;
    try {
      this.choice = chooseRevision({ facts: this.detector!.tracker.facts, final: full, known: this.known() });
    } catch (error) {
      if (error instanceof RevisionError && error.problem === "undeclared")
        this.fail(RevisionError.undeclared(this.known(), `none in its first ${this.maxBufferedEvents} events`));
      this.fail(error as Error);
    }
    if (this.choice) this.startFromTrace(this.choice.revision);
  }

  finish(): Report {
    if (this.failure) throw this.failure;
    if (this.report) return this.report;
    if (!this.pipeline) {
      try {
        this.choice = chooseRevision({ facts: this.detector!.tracker.facts, final: true, known: this.known() });
      } catch (error) {
        this.fail(error as Error);
      }
      this.startFromTrace(this.choice!.revision);
    }
    try {
      const report = this.pipeline!.finish({ complete: this.missing === 0, missing: this.missing });
      this.report = this.choice?.note === undefined ? report : { ...report, revisionNote: this.choice.note };
    } catch (error) {
      this.fail(error as Error);
    }
    return this.report;
  }

  lost(count: number): void {
    if (Number.isSafeInteger(count) && count > 0) this.missing += count;
  }

  findings(): readonly Finding[] {
    return this.findingList;
  }

  checkStats(): CheckStats[] {
    return this.pipeline?.stats() ?? [];
  }

  private detect(event: TraceEvent): void {
    const { correlator, tracker } = this.detector!;
    const { messages, exchanges } = correlator.observe(event);
    if (event.kind === "http") tracker.event(event);
    for (const ref of messages) tracker.message(ref);
    for (const exchange of exchanges) tracker.exchange(exchange);
  }

  private startFromTrace(revision: string): void {
    const registry = this.lookUp(revision);
    const buffered = this.buffer!;
    this.buffer = undefined;
    this.detector = undefined;
    this.start(registry);
    try {
      for (const event of buffered) this.pipeline!.observe(event);
    } catch (error) {
      this.fail(error as Error);
    }
  }

  private start(registry: Registry): void {
    this.pipeline = new Pipeline(
      registry,
      this.catalogue,
      this.findingList,
      this.maxFindingsPerCheck,
      this.options.actor ?? "both",
      this.options.probe,
    );
  }

  /** The registry of a revision `chooseRevision` accepted (so one of `known()`). */
  private lookUp(revision: string): Registry {
    return this.options.registries?.find((registry) => registry.revision === revision) ?? loadRegistry(revision);
  }

  private known(): string[] {
    return this.options.registries ? this.options.registries.map((registry) => registry.revision) : knownRevisions();
  }

  private fail(error: Error): never {
    this.failure = error;
    this.buffer = undefined;
    this.detector = undefined;
    throw error;
  }
}

/**
 * The probe's declaration as this session's: the facts a `server/discover` result sets. Its seq is another trace's,
 * so it is recorded as -1 (before this session's first event): what reads it only asks whether it was seen.
 */
function declareFromProbe(facts: SessionFacts, probe: ProbeFacts): void {
  facts.discoverResponseSeq = -1;
  if (probe.serverCapabilities !== undefined) facts.serverCapabilities = probe.serverCapabilities;
  if (probe.supportedVersions !== undefined) facts.supportedVersions = probe.supportedVersions;
  if (probe.serverInfo !== undefined) facts.serverInfo = probe.serverInfo;
}
