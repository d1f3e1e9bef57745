/**
 * One live judge per recorded session — and, with `--otlp`, one span exporter — fed by the recorder through an
 * extra sink (so judging and exporting sit behind the recorder's bounded queue, off the forwarding path), printing
 * through one `WatchPrinter`. HTTP mode can carry several MCP sessions; each gets its own judge, its own trace id
 * and its own end-of-session report.
 */
import { type LiveFeed, liveJudgement } from "@mcp-conf/export";
import { type LiveJudge, startLiveJudge } from "@mcp-conf/live-judge";
import { createOtlpSink, describeSummary, type OtlpSink, spanFindingsFromLive } from "@mcp-conf/otel-mapper";
import { callbackSink, type Sink } from "@mcp-conf/recorder";
import type { Actor, TextRows } from "@mcp-conf/validator";
import { WatchPrinter } from "./printer.js";

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
}

interface LiveSession {
  judge: LiveJudge;
  spans?: OtlpSink;
  feed?: LiveFeed;
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
    const { otlp, ui, ...judging } = this.options;
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
    const live: LiveSession = { judge };
    if (spans) live.spans = spans;
    if (feed) live.feed = feed;
    this.sessions.set(session, live);
    return [
      callbackSink((event) => {
        judge.observe(event);
        spans?.observe(event);
        feed?.observe(event);
      }, "live-judge"),
    ];
  }

  /** Ends one session: its remaining findings, the report, withdrawn findings, the tally, what the spans became. */
  async end(session: string): Promise<void> {
    const live = this.sessions.get(session);
    if (!live) return;
    this.sessions.delete(session);
    const summary = await live.judge.close();
    this.printer.end(summary);
    live.feed?.end(liveJudgement(summary));
    if (!live.spans) return;
    live.spans.finish();
    live.spans.addFindings(spanFindingsFromLive(summary.endFindings));
    this.printer.note(describeSummary(await live.spans.close()));
  }
}
