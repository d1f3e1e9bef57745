/**
 * The live view of a recording (`mcp-conf watch --ui`): the viewer served on 127.0.0.1, following the latest session
 * of the recording; each session's view is fed by the live judge as one of its outputs (`sessionOutput()`: the
 * events, each pass's findings, the report's judgement at the end). Its page may replay a recorded request against
 * the watched server (the command that starts it, or its URL), in a session of its own.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Report } from "@mcp-conf/validator";
import type { ExportFinding } from "./document.js";
import { LiveFeed, liveJudgement } from "./live-feed.js";
import { type ReplayTarget, replayerFor } from "./replay.js";
import { ViewerServer } from "./viewer-server.js";

export interface LiveViewOptions {
  /** A port of 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The watched server, which the page may replay a recorded request against. */
  replay?: ReplayTarget;
}

/** What a live judge feeds the view of one session (the shape of `@mcp-conf/live-judge`'s `SessionOutput`). */
export interface LiveViewOutput {
  observe(event: TraceEvent): void;
  pass(findings: readonly ExportFinding[]): void;
  end(summary: { report?: Report; error?: string }): undefined;
}

export interface LiveView {
  /** The page's address, with the token that opens it. */
  readonly url: string;
  /** A new session: the view follows it from now on; feed it through the returned output. */
  sessionOutput(): LiveViewOutput;
  /** Stops serving; resolves to the updates skipped for a page that was not keeping up. */
  close(): Promise<{ dropped: number }>;
}

/** Starts serving the live view; rejects when the port cannot be listened on. */
export async function startLiveView(options: LiveViewOptions = {}): Promise<LiveView> {
  const source = { feed: new LiveFeed() };
  const server = await ViewerServer.start(source, {
    port: options.port ?? 0,
    ...(options.replay ? { replay: replayerFor(options.replay) } : {}),
  });
  return {
    url: server.url,
    sessionOutput() {
      const feed = new LiveFeed();
      source.feed = feed;
      return {
        observe: (event) => feed.observe(event),
        pass: (findings) => feed.addFindings(findings),
        end(summary) {
          feed.end(liveJudgement(summary));
          return undefined;
        },
      };
    },
    async close() {
      await server.close();
      return { dropped: server.dropped };
    },
  };
}
