/**
 * One live judge per recorded session, fed by the recorder through an extra sink (so judging sits behind the
 * recorder's bounded queue, off the forwarding path), printing through one `WatchPrinter`. HTTP mode can carry
 * several MCP sessions; each gets its own judge and its own end-of-session report.
 */
import { type LiveJudge, startLiveJudge } from "@mcp-conf/live-judge";
import { callbackSink, type Sink } from "@mcp-conf/recorder";
import { WatchPrinter } from "./printer.js";

export interface LiveSessionOptions {
  revision?: string;
  /** Test hook: every judging pass also sleeps this long (documented in docs/watch.md). */
  slowPassMs?: number;
}

export class LiveSessions {
  private readonly judges = new Map<string, LiveJudge>();
  readonly printer: WatchPrinter;

  constructor(
    stderr: NodeJS.WritableStream,
    private readonly options: LiveSessionOptions = {},
  ) {
    this.printer = new WatchPrinter(stderr, (stderr as NodeJS.WriteStream).isTTY === true);
  }

  /** The sinks that judge one session as it is recorded. */
  sinksFor(session: string, trace: string | undefined): Sink[] {
    const judge = startLiveJudge({
      ...this.options,
      ...(trace === undefined ? {} : { trace }),
      onPass: (update) => this.printer.pass(update),
      onError: (message) => this.printer.error(message),
    });
    this.judges.set(session, judge);
    return [callbackSink((event) => judge.observe(event), "live-judge")];
  }

  /** Ends one session's judging: its remaining findings, the report, withdrawn findings and the tally. */
  async end(session: string): Promise<void> {
    const judge = this.judges.get(session);
    if (!judge) return;
    this.judges.delete(session);
    this.printer.end(await judge.close());
  }

  /** Ends every session still open. */
  async endAll(): Promise<void> {
    for (const session of [...this.judges.keys()]) await this.end(session);
  }
}
