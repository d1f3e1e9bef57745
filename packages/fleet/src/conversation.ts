/**
 * 2026-07-28 across replicas (docs/fleet.md): a stateless client's requests may each land on another gateway
 * replica, so each replica's recorder holds fragments of one conversation. The recorder marks every message with the
 * conversation it belongs to (`mcp_conf.conversation`: the W3C trace id of the `traceparent` in the request's
 * `_meta`; an answer, the progress of a request and its cancellation taking the request's), and `serve` gathers the messages of each conversation from all the
 * sessions it receives, orders them by their wire time (`ts`; within one recorder session, by seq), numbers them
 * anew, and judges the whole as one trace when the conversation has been idle — the judgement of the clauses that
 * relate one request to another. Each recorder session is still judged on its own as well: the clauses of one
 * exchange.
 */
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, type Report } from "@mcp-conf/validator";

interface Entry {
  at: number;
  session: string;
  seq: number;
  event: TraceEvent;
}

export class ConversationAssembly {
  private readonly entries: Entry[] = [];
  /** Member sessions, and whether each was finalised complete (undefined: still open). */
  readonly sessions = new Map<string, boolean | undefined>();
  lastActivity = Date.now();
  /** Messages dropped past `maxEvents`. */
  private dropped = 0;

  constructor(
    readonly key: string,
    private readonly maxEvents: number,
  ) {}

  /** One message of member `session` (its trace line), in that session's seq order. */
  add(session: string, seq: number, line: string): void {
    this.lastActivity = Date.now();
    if (!this.sessions.has(session)) this.sessions.set(session, undefined);
    if (this.entries.length >= this.maxEvents) {
      this.dropped++;
      return;
    }
    const event = JSON.parse(line) as TraceEvent;
    const at = event.ts === undefined ? Number.NaN : Date.parse(event.ts);
    this.entries.push({ at: Number.isNaN(at) ? this.lastActivity : at, session, seq, event });
  }

  /** A member session was finalised. */
  memberEnded(session: string, complete: boolean): void {
    this.sessions.set(session, complete);
  }

  /** The merged trace: an open naming the conversation and its sessions, the messages in wire order, a close. */
  trace(): TraceEvent[] {
    const ordered = [...this.entries].sort(
      (a, b) => a.at - b.at || (a.session < b.session ? -1 : a.session > b.session ? 1 : a.seq - b.seq),
    );
    const transport = ordered[0]?.event.transport ?? "streamable-http";
    const events: TraceEvent[] = [
      {
        seq: 0,
        direction: "client-to-server",
        transport,
        kind: "lifecycle",
        event: "transport-open",
        meta: { session: this.key, conversation: this.key, sessions: [...this.sessions.keys()] },
      },
    ];
    for (const { event } of ordered) events.push({ ...event, seq: events.length });
    events.push({
      seq: events.length,
      direction: "client-to-server",
      transport,
      kind: "lifecycle",
      event: "transport-close",
    });
    return events;
  }

  /** Judges the merged trace; `complete` when every member session closed complete and nothing was dropped. */
  finish(): { lines: string; events: number; complete: boolean; missing: number; report?: Report; error?: string } {
    const events = this.trace();
    const lines = events.map((event) => `${serializeEvent(event)}\n`).join("");
    const unfinished = [...this.sessions.values()].filter((complete) => complete !== true).length;
    const complete = unfinished === 0 && this.dropped === 0;
    const missing = this.dropped + unfinished;
    try {
      const judge = createJudge();
      for (const event of events) judge.observe(event);
      if (missing > 0) judge.lost(missing);
      return { lines, events: events.length, complete, missing, report: judge.finish() };
    } catch (error) {
      return {
        lines,
        events: events.length,
        complete,
        missing,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }
}
