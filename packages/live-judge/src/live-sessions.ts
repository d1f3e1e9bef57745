/**
 * One live judge per recorded session — and whatever else follows it (`watch --otlp` spans, `--ui` a live view) —
 * printing through one `LivePrinter`. Over stdio the judge runs on the thread that writes the trace (a tap of the recorder's threaded
 * file sink), so it judges exactly what the file gets and the session's thread never parses a line for it; over HTTP
 * it is fed by the recorder through an extra sink, on one judge pool (`--judge-threads` threads, default the cores
 * available) that every session of the proxy shares. Either way judging and exporting sit behind bounded queues, off
 * the forwarding path. HTTP mode can carry many MCP sessions; each gets its own judge, its own trace id and its own
 * end-of-session report, once, when it ends.
 */
import { callbackSink, type RecorderStats, type Sink, type ThreadTapModule, traceLosses } from "@mcp-conf/recorder";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Actor, TextRows } from "@mcp-conf/validator";
import { type LiveJudge, type LiveJudgeOptions, type LiveSummary, liveJudgeTap, startLiveJudge } from "./live-judge.js";
import { LivePrinter, type ReportDestination } from "./live-printer.js";
import { JudgePool } from "./pool.js";
import type { LiveFinding } from "./protocol.js";

/** How a session ended, for the line that explains a stdio session that never started. */
export interface SessionEnd {
  /** The server's exit code (128+N for signal N); absent when it could not be started. */
  serverExit?: number;
  /** What the session's sinks wrote and lost. */
  stats?: RecorderStats;
}

/**
 * Where one session's events and findings go besides the terminal (spans for a collector, a live view): fed every
 * event, each pass's new findings, and the end.
 */
export interface SessionOutput {
  observe(event: TraceEvent): void;
  /** A pass's new findings, judged through `lastSeq`. */
  pass?(findings: readonly LiveFinding[], lastSeq: number): void;
  /** Asked at the session's end, before the report: observations this output lost, counted into the report. */
  lost?(): number;
  /** The end; resolves to a line to print (unless quiet), or undefined. */
  end(summary: LiveSummary): Promise<string | undefined> | string | undefined;
}

export interface LiveSessionOptions {
  revision?: string;
  actor?: Actor;
  /** The end-of-session report's rows (`--all`: every requirement). */
  reportRows?: TextRows;
  color?: boolean;
  /** Test hook: every judging pass also sleeps this long (documented in docs/watch.md). */
  slowPassMs?: number;
  /** What each session feeds besides the terminal (spans, a live view), made as its sinks are. */
  outputs?: (session: string) => SessionOutput[];
  /** Hands the tap of a stdio session's trace thread over as another module (a code-cached copy of it). */
  tapModule?: (tap: ThreadTapModule) => ThreadTapModule;
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
  outputs: SessionOutput[];
}

/**
 * The live judges of a recording's sessions, printing through one `LivePrinter`: a stdio session's judge on its
 * trace's thread (`traceThreadTap`), an HTTP proxy's sessions' on one judge pool (`startPool`); `sinksFor` gives the
 * recorder what feeds them, `end` sums a session up once.
 */
export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  readonly printer: LivePrinter;
  /** The judges of an HTTP proxy's sessions, once `startPool` has made it. */
  private pool: JudgePool | undefined;

  constructor(
    stderr: NodeJS.WritableStream,
    private readonly options: LiveSessionOptions = {},
  ) {
    this.printer = new LivePrinter(stderr, (stderr as NodeJS.WriteStream).isTTY === true);
  }

  /**
   * The judge of a stdio session, as a tap for the thread that writes its trace (called with the trace's path).
   * `sinksFor` then adds only what needs events here (spans, the live view).
   */
  traceThreadTap(session: string): (path: string) => ThreadTapModule {
    return (trace) => {
      const outputs: SessionOutput[] = [];
      const { judge, tap } = liveJudgeTap(this.judgeOptions(trace, outputs));
      this.sessions.set(session, { judge, onTraceThread: true, outputs });
      return this.options.tapModule?.(tap) ?? tap;
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
      const outputs: SessionOutput[] = [];
      const options = this.judgeOptions(trace, outputs);
      live = { judge: this.pool?.session(options) ?? startLiveJudge(options), onTraceThread: false, outputs };
      this.sessions.set(session, live);
    }
    const outputs = this.options.outputs?.(session) ?? [];
    live.outputs.push(...outputs);
    const judge = live.onTraceThread ? undefined : live.judge;
    // HTTP errors are said live; a stdio session has none.
    const http = live.onTraceThread ? undefined : this.printer;
    if (!judge && outputs.length === 0) return [];
    return [
      callbackSink((event) => {
        http?.httpError(event);
        judge?.observe(event);
        for (const output of outputs) output.observe(event);
      }, "live-judge"),
    ];
  }

  private judgeOptions(trace: string | undefined, outputs: readonly SessionOutput[]): LiveJudgeOptions {
    const {
      outputs: _outputs,
      tapModule: _tapModule,
      report: _report,
      quiet: _quiet,
      judgeThreads: _threads,
      ...judging
    } = this.options;
    return {
      ...judging,
      ...(trace === undefined ? {} : { trace }),
      onPass: (update) => {
        this.printer.pass(update);
        for (const output of outputs) output.pass?.(update.findings, update.lastSeq);
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
    const outputsLost = live.outputs.reduce((sum, output) => sum + (output.lost?.() ?? 0), 0);
    // A judge on the trace's thread saw the file's drops as gaps; only what reached it and was not written is added.
    const fileLost = ended.stats ? traceLosses(ended.stats, live.onTraceThread) : 0;
    live.judge.lost(fileLost + outputsLost);
    // Observations dropped before reaching the judge after the last one it got leave it no gap to see.
    if (ended.stats) live.judge.recorded(ended.stats.recorded);
    const summary = await live.judge.close();
    if (!summary.started && ended.serverExit !== undefined && summary.report === undefined) {
      summary.error = `server exited with ${ended.serverExit} before the session started`;
    }
    this.printer.end(summary, this.reportDestination(session, summary));
    for (const output of live.outputs) {
      const note = await output.end(summary);
      if (note !== undefined && !this.options.quiet) this.printer.note(note);
    }
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
