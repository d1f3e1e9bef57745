/**
 * 2026-07-28 across replicas (docs/fleet.md): a stateless client's requests may each land on another gateway
 * replica, so each replica's recorder holds fragments of one conversation. The recorder marks every message with the
 * conversation it belongs to (`mcp_conf.conversation`: the W3C trace id of the `traceparent` in the request's
 * `_meta`; an answer, the progress of a request and its cancellation taking the request's), and `serve` gathers the
 * messages of each conversation from all the sessions it receives and judges them live, as one trace: each message
 * waits `holdMs` past its wire time (`ts`) for fragments from other replicas, then goes to the judge and the
 * conversation's trace file in wire order (within one recorder session, by seq), numbered anew. A fragment later
 * than that is judged and written when it comes, so the trace is always the order the judge saw. Each recorder
 * session is still judged on its own as well: the clauses of one exchange.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import type { Report } from "@mcp-conf/validator";
import type { SessionJudge } from "./session-judge.js";

interface Entry {
  at: number;
  session: string;
  seq: number;
  event: TraceEvent;
}

export interface ConversationOptions {
  /** The conversation's trace file (created). */
  tracePath: string;
  judge: SessionJudge;
  /** Messages waiting to be judged, at most; past it they are dropped and counted missing. */
  maxEvents: number;
  /** How long a message waits past its wire time for other replicas' fragments before it is judged. */
  holdMs: number;
}

export class ConversationAssembly {
  private held: Entry[] = [];
  /** Member sessions, and whether each was finalised complete (undefined: still open). */
  readonly sessions = new Map<string, boolean | undefined>();
  lastActivity = Date.now();
  /** Messages dropped past `maxEvents`. */
  private dropped = 0;
  private fd: number | undefined;
  /** The next seq of the conversation's trace. */
  private next = 0;
  private transport: TraceEvent["transport"] = "streamable-http";

  constructor(
    readonly key: string,
    private readonly options: ConversationOptions,
  ) {}

  /** One message of member `session` (its trace line), in that session's seq order. */
  add(session: string, seq: number, line: string): void {
    this.lastActivity = Date.now();
    if (!this.sessions.has(session)) this.sessions.set(session, undefined);
    if (this.held.length >= this.options.maxEvents) {
      this.dropped++;
      return;
    }
    const event = JSON.parse(line) as TraceEvent;
    const at = event.ts === undefined ? Number.NaN : Date.parse(event.ts);
    this.held.push({ at: Number.isNaN(at) ? this.lastActivity : at, session, seq, event });
  }

  /** Whether messages wait to be judged. */
  holds(): boolean {
    return this.held.length > 0;
  }

  /** Judges, in wire order, the messages whose wait is over at `now` (all of them with no `now`). */
  release(now?: number): void {
    if (this.held.length === 0) return;
    this.held.sort((a, b) => a.at - b.at || (a.session < b.session ? -1 : a.session > b.session ? 1 : a.seq - b.seq));
    const due = now === undefined ? this.held.length : this.held.findIndex((e) => e.at > now - this.options.holdMs);
    const count = due === -1 ? this.held.length : due;
    if (count === 0) return;
    if (this.fd === undefined) this.open(this.held[0]!.event.transport);
    let out = "";
    for (const { event } of this.held.slice(0, count)) out += this.judged({ ...event, seq: this.next++ });
    this.held = this.held.slice(count);
    writeSync(this.fd!, out);
  }

  /** A member session was finalised. */
  memberEnded(session: string, complete: boolean): void {
    this.sessions.set(session, complete);
  }

  /**
   * Judges what is left and closes the trace; `complete` when every member session closed complete and nothing was
   * dropped.
   */
  async finish(): Promise<{ events: number; complete: boolean; missing: number; report?: Report; error?: string }> {
    this.release();
    if (this.fd === undefined) this.open(this.transport);
    const close: TraceEvent = {
      seq: this.next++,
      direction: "client-to-server",
      transport: this.transport,
      kind: "lifecycle",
      event: "transport-close",
    };
    writeSync(this.fd!, this.judged(close));
    closeSync(this.fd!);
    this.fd = undefined;
    const unfinished = [...this.sessions.values()].filter((complete) => complete !== true).length;
    const missing = this.dropped + unfinished;
    if (missing > 0) this.options.judge.lost(missing);
    const judged = await this.options.judge.finish();
    return { ...judged, events: this.next, complete: unfinished === 0 && this.dropped === 0, missing };
  }

  /** The trace begins with an open naming the conversation. */
  private open(transport: TraceEvent["transport"]): void {
    this.transport = transport;
    this.fd = openSync(this.options.tracePath, "w", 0o600);
    const open: TraceEvent = {
      seq: this.next++,
      direction: "client-to-server",
      transport,
      kind: "lifecycle",
      event: "transport-open",
      meta: { session: this.key, conversation: this.key },
    };
    writeSync(this.fd, this.judged(open));
  }

  private judged(event: TraceEvent): string {
    const line = serializeEvent(event);
    this.options.judge.observeLine(line);
    return `${line}\n`;
  }
}
