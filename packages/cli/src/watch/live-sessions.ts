/**
 * One live judge per recorded session — and, with `--otlp`, one span exporter — printing through one
 * `WatchPrinter`. Over stdio the judge runs on the thread that writes the trace (a tap of the recorder's threaded
 * file sink), so it judges exactly what the file gets and the session's thread never parses a line for it; over HTTP
 * it is fed by the recorder through an extra sink, on one judge pool (`--judge-threads` threads, default the cores
 * available) that every session of the proxy shares. Either way judging and exporting sit behind bounded queues, off
 * the forwarding path. HTTP mode can carry many MCP sessions; each gets its own judge, its own trace id and its own
 * end-of-session report, once, when it ends.
 */
import { type LiveFeed, liveJudgement } from "@mcp-conf/export";
import {
  JudgePool,
  type LiveJudge,
  type LiveJudgeOptions,
  type LiveSummary,
  liveJudgeTap,
  startLiveJudge,
} from "@mcp-conf/live-judge";
import { createOtlpSink, describeSummary, type OtlpSink, spanFindingsFromLive } from "@mcp-conf/otel-mapper";
import { callbackSink, type Sink, type ThreadTapModule } from "@mcp-conf/recorder";
import type { Actor, TextRows } from "@mcp-conf/validator";
import type { SessionEnd } from "../commands/record.js";
import { traceLosses } from "../record/summary.js";
import { cachedJudgeTap } from "../startup/judge-tap.js";
import { type ReportDestination, WatchPrinter } from "./printer.js";

export interface LiveSessionOptions {
  revision?: string;
  actor?: Actor;
  /** The end-of-session report's rows (`--all`: every requirement). */
  reportRows?: TextRows;
  color?: boolean;
  /** Test hook: every judging pass also sleeps this long (documented in docs/watch.md). */
  slowPassMs?: number;
  /** Export spans to this OTLP traces URL, with these request headers. */
  otlp?: { url: string; headers: Record<string, string> };
  /** The live view (`--ui`): each new session gets a feed, and the view follows the latest. */
  ui?: { newFeed(): LiveFeed };
  /** `--report FILE`: writes a session's report and returns where it went (absolute), instead of printing it. */
  report?: (session: string, text: string) => string;
  /** `--quiet`: findings and the final tally only. */
  quiet?: boolean;
  /** HTTP: the judge pool's threads (default: the cores available). */
  judgeThreads?: number;
}

interface LiveSession {
  judge: LiveJudge;
  /** The judge runs on the trace file's thread: it sees the file's own losses as gaps in seq. */
  onTraceThread: boolean;
  /** Where findings go besides the terminal; filled in by `sinksFor`. */
  outputs: Outputs;
}

interface Outputs {
  spans?: OtlpSink;
  feed?: LiveFeed;
}

export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  readonly printer: WatchPrinter;
  /** The judges of an HTTP proxy's sessions, once `startPool` has made it. */
  private pool: JudgePool | undefined;

  constructor(
    stderr: NodeJS.WritableStream,
    private readonly options: LiveSessionOptions = {},
  ) {
    this.printer = new WatchPrinter(stderr, (stderr as NodeJS.WriteStream).isTTY === true);
  }

  /**
   * The judge of a stdio session, as a tap for the thread that writes its trace (called with the trace's path).
   * `sinksFor` then adds only what needs events here (spans, the live view).
   */
  traceThreadTap(session: string): (path: string) => ThreadTapModule {
    return (trace) => {
      const outputs: Outputs = {};
      const { judge, tap } = liveJudgeTap(this.judgeOptions(trace, outputs));
      this.sessions.set(session, { judge, onTraceThread: true, outputs });
      return cachedJudgeTap(tap);
    };
  }

  /** For an HTTP proxy's many sessions: one judge pool, started (and warmed up) before the proxy listens. */
  async startPool(): Promise<void> {
    const { judgeThreads, revision, actor } = this.options;
    this.pool ??= new JudgePool({
      ...(judgeThreads === undefined ? {} : { threads: judgeThreads }),
      warmUp: { ...(revision === undefined ? {} : { revision }), ...(actor === undefined ? {} : { actor }) },
    });
    await this.pool.ready;
  }

  /** Ends the judge pool's threads (every session has ended). */
  async stop(): Promise<void> {
    await this.pool?.close();
  }

  /** The sinks that judge (and export) one session as it is recorded. */
  sinksFor(session: string, trace: string | undefined): Sink[] {
    let live = this.sessions.get(session);
    if (!live) {
      const outputs: Outputs = {};
      const options = this.judgeOptions(trace, outputs);
      live = { judge: this.pool?.session(options) ?? startLiveJudge(options), onTraceThread: false, outputs };
      this.sessions.set(session, live);
    }
    const { otlp, ui } = this.options;
    const spans = otlp ? createOtlpSink({ url: otlp.url, headers: otlp.headers }) : undefined;
    const feed = ui?.newFeed();
    if (spans) live.outputs.spans = spans;
    if (feed) live.outputs.feed = feed;
    const judge = live.onTraceThread ? undefined : live.judge;
    // HTTP errors are said live; a stdio session has none.
    const http = live.onTraceThread ? undefined : this.printer;
    if (!judge && !spans && !feed) return [];
    return [
      callbackSink((event) => {
        http?.httpError(event);
        judge?.observe(event);
        spans?.observe(event);
        feed?.observe(event);
      }, "live-judge"),
    ];
  }

  private judgeOptions(trace: string | undefined, outputs: Outputs): LiveJudgeOptions {
    const { otlp: _otlp, ui: _ui, report: _report, quiet: _quiet, judgeThreads: _threads, ...judging } = this.options;
    return {
      ...judging,
      ...(trace === undefined ? {} : { trace }),
      onPass: (update) => {
        this.printer.pass(update);
        outputs.feed?.addFindings(update.findings);
        if (!outputs.spans) return;
        outputs.spans.addFindings(spanFindingsFromLive(update.findings), update.lastSeq);
        outputs.spans.judgedThrough(update.lastSeq);
      },
      onError: (message) => this.printer.error(message),
    };
  }

  /**
   * Ends one session: its remaining findings, the report (or where `--report` wrote it), withdrawn findings, the
   * tally, what the spans became. A stdio server that exited before it answered any request gets that said instead
   * of the judge's advice about `--revision`, which a session that never started cannot use. What the trace file
   * and the spans lost is counted into the judge's report first, so the verdict says it judged an incomplete capture
   * (the judge's own losses show to it as gaps in seq, and the session's count of observations shows those after the
   * last it got).
   */
  async end(session: string, ended: SessionEnd = {}): Promise<void> {
    const live = this.sessions.get(session);
    if (!live) return;
    this.sessions.delete(session);
    const spansSoFar = live.outputs.spans?.summary();
    // A judge on the trace's thread saw the file's drops as gaps; only what reached it and was not written is added.
    const fileLost = ended.stats ? traceLosses(ended.stats, live.onTraceThread) : 0;
    live.judge.lost(fileLost + (spansSoFar ? spansSoFar.dropped + spansSoFar.failed : 0));
    // Observations dropped before reaching the judge after the last one it got leave it no gap to see.
    if (ended.stats) live.judge.recorded(ended.stats.recorded);
    const summary = await live.judge.close();
    if (!summary.started && ended.serverExit !== undefined && summary.report === undefined) {
      summary.error = `server exited with ${ended.serverExit} before the session started`;
    }
    this.printer.end(summary, this.reportDestination(session, summary));
    live.outputs.feed?.end(liveJudgement(summary));
    if (!live.outputs.spans) return;
    live.outputs.spans.finish();
    live.outputs.spans.addFindings(spanFindingsFromLive(summary.endFindings));
    const spans = describeSummary(await live.outputs.spans.close());
    if (!this.options.quiet) this.printer.note(spans);
  }

  /** Where the report goes: printed (undefined), left out (`--quiet`), or written by `--report`. */
  private reportDestination(session: string, summary: LiveSummary): ReportDestination {
    const { report, quiet = false } = this.options;
    if (report === undefined || summary.reportText === undefined) return { quiet };
    try {
      return { quiet, writtenTo: report(session, summary.reportText) };
    } catch (error) {
      return { quiet, failed: (error as Error).message };
    }
  }
}
