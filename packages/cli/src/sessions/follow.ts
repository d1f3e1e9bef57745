/**
 * Following a trace that is still being written — a session some `watch` or `record` is recording now, each in its
 * own process — for the hub's live page: the file is read from the start and then polled for what is appended, the
 * events feed the live view's `LiveFeed` and a live judge (the same pair `watch --ui` feeds), and when the recorder
 * writes the trace's end the judge's report ends the page. Only complete lines are read: a line the recorder is
 * half-way through writing waits for its newline.
 */
import { open } from "node:fs/promises";
import { LiveFeed, liveJudgement } from "@mcp-conf/export";
import { startLiveJudge } from "@mcp-conf/live-judge";
import type { Redactor } from "@mcp-conf/recorder";
import { readTrace, type TraceEvent } from "@mcp-conf/trace-format";
import type { Actor } from "@mcp-conf/validator";
import { redactedEvents } from "../record/redaction.js";

export interface FollowOptions {
  revision?: string;
  actor?: Actor;
  /** Milliseconds between looks at a file that has not grown. Default 200. */
  intervalMs?: number;
  /** `open --redact-…`: what the page shows and the judge reads is redacted as it is read. */
  redact?: Redactor;
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
  private stopped = false;
  /** Resolves when the trace ended (or could not be read further) and the feed has the judgement. */
  readonly done: Promise<void>;

  constructor(path: string, options: FollowOptions = {}) {
    this.done = this.follow(path, options);
  }

  /** Stops following (the hub is closing). */
  stop(): void {
    this.stopped = true;
  }

  private async follow(path: string, options: FollowOptions): Promise<void> {
    const { intervalMs = 200, redact, ...judging } = options;
    const judge = startLiveJudge({ ...judging, onPass: (update) => this.feed.addFindings(update.findings) });
    try {
      for await (const event of redactedEvents(readTrace(this.chunks(path, intervalMs)), redact)) {
        this.feed.observe(event);
        judge.observe(event);
        if (endsTrace(event)) break;
      }
    } catch (error) {
      if (!this.stopped) {
        await judge.close();
        this.feed.end({ error: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    const summary = await judge.close();
    if (!this.stopped) this.feed.end(liveJudgement(summary));
  }

  /** The file's bytes as they are appended, until stopped. */
  private async *chunks(path: string, intervalMs: number): AsyncIterable<Uint8Array> {
    const file = await open(path, "r");
    const buffer = Buffer.alloc(256 * 1024);
    let offset = 0;
    try {
      while (!this.stopped) {
        const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
        if (bytesRead > 0) {
          offset += bytesRead;
          yield Buffer.from(buffer.subarray(0, bytesRead));
        } else await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    } finally {
      await file.close();
    }
  }
}
