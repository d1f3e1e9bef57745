/**
 * Following a trace that is still being written, for its live page: the events feed the live view's `LiveFeed` and
 * a judge (the same pair `watch --ui` feeds), read incrementally (`GrowingTrace`: appended bytes only). It ends when
 * the recorder writes the trace's end, when the host says the recorder is gone (`end(reason)`: the judge reports on
 * what the trace holds, and the page says why it ended), or when the hub closes (`stop()`).
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { LiveFeed, liveJudgement } from "../live-feed.js";
import { GrowingTrace, type GrowingTraceOptions } from "./growing-trace.js";
import { inlineJudge, type JudgeFactory, type SessionJudgeOptions } from "./judge.js";

export interface FollowOptions extends Omit<SessionJudgeOptions, "onFindings">, GrowingTraceOptions {
  /** The session's judge. Default `inlineJudge`. */
  judge?: JudgeFactory;
  /** Applied to every event before the page and the judge see it (`open --redact-…`). */
  redact?: (event: TraceEvent) => TraceEvent;
}

/** The event a recorder writes last: the transport closed (or, for stdio, aborted: the server died). */
export function endsTrace(event: TraceEvent): boolean {
  if (event.kind !== "lifecycle") return false;
  return (
    event.event === "transport-close" || (event.event === "transport-abort" && event.transport !== "streamable-http")
  );
}

export class TraceFollower {
  readonly feed = new LiveFeed();
  /** Resolves when the trace ended (or could not be read further, or following stopped) and the feed has its end. */
  readonly done: Promise<void>;
  private readonly trace: GrowingTrace;
  private stopped = false;
  private endReason: string | undefined;

  constructor(path: string, options: FollowOptions = {}) {
    const { judge, redact, intervalMs, offset, limits, ...judging } = options;
    const growing: GrowingTraceOptions = {};
    if (intervalMs !== undefined) growing.intervalMs = intervalMs;
    if (offset !== undefined) growing.offset = offset;
    if (limits !== undefined) growing.limits = limits;
    this.trace = new GrowingTrace(path, growing);
    this.done = this.follow(judge ?? inlineJudge, judging, redact);
  }

  /** Whether following has ended. */
  get ended(): boolean {
    return this.feed.judgement !== undefined || this.stopped;
  }

  /** The recorder is gone: judge what the trace holds (once its last complete lines are read) and end the page. */
  end(reason: string): void {
    this.endReason ??= reason;
    this.trace.stop();
  }

  /** Stops following without a judgement (the hub is closing). */
  stop(): void {
    this.stopped = true;
    this.trace.stop();
  }

  private async follow(
    factory: JudgeFactory,
    judging: Omit<SessionJudgeOptions, "onFindings">,
    redact: ((event: TraceEvent) => TraceEvent) | undefined,
  ): Promise<void> {
    const judge = factory({ ...judging, onFindings: (findings) => this.feed.addFindings(findings) });
    let failure: string | undefined;
    try {
      for await (const read of this.trace.events()) {
        const event = redact ? redact(read) : read;
        this.feed.observe(event);
        judge.observe(event);
        if (endsTrace(event)) {
          this.trace.stop();
          break;
        }
      }
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const summary = await judge.close();
    if (this.stopped) return;
    if (failure !== undefined) this.feed.end({ error: failure });
    else {
      const judgement = liveJudgement(summary);
      this.feed.end(this.endReason !== undefined && "error" in judgement ? { error: this.endReason } : judgement);
    }
  }
}
