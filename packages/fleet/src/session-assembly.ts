/**
 * One session as `serve` rebuilds it from log records that may arrive late, twice, or out of order: events are put
 * back in seq order (a bounded reorder buffer), a seq seen before is dropped (a retried batch changes nothing), and
 * each event in order is appended to the session's trace file and handed at once to its judge — the validator's
 * incremental engine, on a pool thread or inline (session-judge.ts) — the same engine `validate` runs, fed the same lines, so the findings are the ones `validate` gives for
 * the trace. The session is complete once its `transport-close` arrived with no seq missing before it (or, finalised
 * idle, when it ended in a `transport-abort` with nothing missing).
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Report } from "@mcp-conf/validator";
import type { SessionJudge } from "./session-judge.js";

export interface AssemblyOptions {
  /** The trace file this session is written to (created; its directory too). */
  tracePath: string;
  /** Who judges the session's events (session-judge.ts). */
  judge: SessionJudge;
  /** Events held out of order at most; past it the session judges on with the missing seqs counted as lost. */
  maxReorder: number;
}

/** One event as `take` is given it. */
export interface IncomingEvent {
  seq: number;
  line: string;
  /** The conversation the recorder marked it with (conversation.ts). */
  conversation?: string;
}

/** What `take` did with one batch of a session's events. */
export interface TakeResult {
  /** Events appended and judged now. */
  accepted: number;
  /** Events already seen (a retried batch). */
  duplicates: number;
  /** The accepted events that belong to a conversation, in seq order. */
  conversational: Required<IncomingEvent>[];
}

export class SessionAssembly {
  /** The next seq the trace is waiting for. */
  private next = 0;
  private readonly held = new Map<number, IncomingEvent>();
  private readonly judge: SessionJudge;
  private fd: number | undefined;
  /** Seqs that never arrived but were given up on (the reorder buffer overflowed). */
  private skipped = 0;
  private closedAt: number | undefined;
  private lastWasAbort = false;
  label: string | undefined;
  lastActivity = Date.now();
  /** Events appended to the trace. */
  events = 0;

  constructor(
    readonly session: string,
    private readonly options: AssemblyOptions,
  ) {
    this.judge = options.judge;
    mkdirSync(dirname(options.tracePath), { recursive: true });
    this.fd = openSync(options.tracePath, "a");
  }

  /** A batch of this session's events (any order, any repeats). */
  take(events: readonly IncomingEvent[]): TakeResult {
    this.lastActivity = Date.now();
    const result: TakeResult = { accepted: 0, duplicates: 0, conversational: [] };
    let out = "";
    for (const event of events) {
      if (event.seq < this.next || this.held.has(event.seq)) {
        result.duplicates++;
        continue;
      }
      this.held.set(event.seq, event);
    }
    while (this.held.size > 0) {
      let event = this.held.get(this.next);
      if (event === undefined) {
        if (this.held.size <= this.options.maxReorder) break;
        // The buffer is full: give up on the missing seq (the judge counts it lost) and go on from the lowest held.
        const lowest = Math.min(...this.held.keys());
        this.skipped += lowest - this.next;
        this.next = lowest;
        event = this.held.get(lowest)!;
      }
      this.held.delete(this.next);
      this.next++;
      out += `${event.line}\n`;
      this.observe(event.line);
      if (event.conversation !== undefined) result.conversational.push(event as Required<IncomingEvent>);
      result.accepted++;
    }
    if (out !== "" && this.fd !== undefined) writeSync(this.fd, out);
    this.events += result.accepted;
    return result;
  }

  private observe(line: string): void {
    this.judge.observeLine(line);
    // Only lifecycle events matter here (a close ends the session, the open names its label), so only lines that
    // may be one are parsed on this thread; the judge parses every line on its own.
    this.lastWasAbort = false;
    if (!line.includes('"lifecycle"')) return;
    let event: TraceEvent;
    try {
      event = JSON.parse(line) as TraceEvent;
    } catch {
      return; // the judge reports the line
    }
    if (event.kind !== "lifecycle") return;
    // A transport-abort over HTTP may end one request's stream and not the session: only a close ends it at
    // once; a session whose last event is an abort ends when it has been idle (`finish`).
    if (event.event === "transport-close") this.closedAt = event.seq;
    this.lastWasAbort = event.event === "transport-abort";
    if (this.label === undefined && typeof event.meta?.label === "string") this.label = event.meta.label;
  }

  /** Transport closed and nothing missing before it: the session can be finalised. */
  complete(): boolean {
    return this.closedAt !== undefined && this.held.size === 0 && this.skipped === 0;
  }

  /**
   * Ends the session: the trace file is closed and the judge's report built. When the session is not complete (no
   * close, seqs missing), what never arrived counts as missing, so the report says it judged an incomplete capture.
   */
  async finish(): Promise<{ report?: Report; error?: string; missing: number; complete: boolean }> {
    if (this.closedAt === undefined && this.lastWasAbort && this.held.size === 0) this.closedAt = this.next - 1;
    const complete = this.complete();
    // What waited behind a gap is written and judged now: the judge sees the gap in seq and counts it missing.
    let out = "";
    for (const seq of [...this.held.keys()].sort((a, b) => a - b)) {
      const { line } = this.held.get(seq)!;
      this.skipped += seq - this.next;
      this.next = seq + 1;
      out += `${line}\n`;
      this.observe(line);
      this.events++;
    }
    this.held.clear();
    if (this.fd !== undefined) {
      if (out !== "") writeSync(this.fd, out);
      closeSync(this.fd);
      this.fd = undefined;
    }
    // A session that never closed lost at least what would have closed it.
    const unclosed = this.closedAt === undefined ? 1 : 0;
    const missing = this.skipped + unclosed;
    if (unclosed > 0) this.judge.lost(unclosed);
    return { ...(await this.judge.finish()), missing, complete };
  }
}
