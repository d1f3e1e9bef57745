/**
 * One live judge per recorded session — and, with `--otlp`, one span exporter — fed by the recorder through an
 * extra sink (so judging and exporting sit behind the recorder's bounded queue, off the forwarding path), printing
 * through one `WatchPrinter`. HTTP mode can carry several MCP sessions; each gets its own judge, its own trace id
 * and its own end-of-session report.
 */
import { type LiveFeed, liveJudgement } from "@mcp-conf/export";
import { type LiveJudge, type LiveSummary, startLiveJudge } from "@mcp-conf/live-judge";
import { createOtlpSink, describeSummary, type OtlpSink, spanFindingsFromLive } from "@mcp-conf/otel-mapper";
import { callbackSink, type Sink } from "@mcp-conf/recorder";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { Actor, TextRows } from "@mcp-conf/validator";
import type { SessionEnd } from "../commands/record.js";
import { traceLosses } from "../record/summary.js";
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
}

interface LiveSession {
  judge: LiveJudge;
  spans?: OtlpSink;
  feed?: LiveFeed;
  /** The server answered a request with a result: the MCP session started. */
  started: boolean;
}

export class LiveSessions {
  private readonly sessions = new Map<string, LiveSession>();
  readonly printer: WatchPrinter;

  constructor(
    stderr: NodeJS.WritableStream,
    private readonly options: LiveSessionOptions = {},
  ) {
    this.printer = new WatchPrinter(stderr, (stderr as NodeJS.WriteStream).isTTY === true);
  }

  /** The sinks that judge (and export) one session as it is recorded. */
  sinksFor(session: string, trace: string | undefined): Sink[] {
    const { otlp, ui, report: _report, quiet: _quiet, ...judging } = this.options;
    const spans = otlp ? createOtlpSink({ url: otlp.url, headers: otlp.headers }) : undefined;
    const feed = ui?.newFeed();
    const judge = startLiveJudge({
      ...judging,
      ...(trace === undefined ? {} : { trace }),
      onPass: (update) => {
        this.printer.pass(update);
        feed?.addFindings(update.findings);
        if (!spans) return;
        spans.addFindings(spanFindingsFromLive(update.findings), update.lastSeq);
        spans.judgedThrough(update.lastSeq);
      },
      onError: (message) => this.printer.error(message),
    });
    const live: LiveSession = { judge, started: false };
    if (spans) live.spans = spans;
    if (feed) live.feed = feed;
    this.sessions.set(session, live);
    return [
      callbackSink((event) => {
        if (!live.started && answersWithResult(event)) live.started = true;
        judge.observe(event);
        spans?.observe(event);
        feed?.observe(event);
      }, "live-judge"),
    ];
  }

  /**
   * Ends one session: its remaining findings, the report (or where `--report` wrote it), withdrawn findings, the
   * tally, what the spans became. A stdio server that exited before it answered any request gets that said instead
   * of the judge's advice about `--revision`, which a session that never started cannot use. What the trace file
   * and the spans lost is counted into the judge's report first, so the verdict says it judged an incomplete capture
   * (the judge's own losses show to it as gaps in seq).
   */
  async end(session: string, ended: SessionEnd = {}): Promise<void> {
    const live = this.sessions.get(session);
    if (!live) return;
    this.sessions.delete(session);
    const spansSoFar = live.spans?.summary();
    const fileLost = ended.stats ? traceLosses(ended.stats) : 0;
    live.judge.lost(fileLost + (spansSoFar ? spansSoFar.dropped + spansSoFar.failed : 0));
    const summary = await live.judge.close();
    if (!live.started && ended.serverExit !== undefined && summary.report === undefined) {
      summary.error = `server exited with ${ended.serverExit} before the session started`;
    }
    this.printer.end(summary, this.reportDestination(session, summary));
    live.feed?.end(liveJudgement(summary));
    if (!live.spans) return;
    live.spans.finish();
    live.spans.addFindings(spanFindingsFromLive(summary.endFindings));
    const spans = describeSummary(await live.spans.close());
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

/** A result from the server (to `initialize`, or in a stateless session to anything): the session has started. */
function answersWithResult(event: TraceEvent): boolean {
  if (event.kind !== "message" || event.direction !== "server-to-client") return false;
  const answers: unknown[] = Array.isArray(event.payload) ? event.payload : [event.payload];
  return answers.some((answer) => isPlainObject(answer) && "result" in answer);
}
