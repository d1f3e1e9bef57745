/**
 * `mcp-conf serve` (docs/fleet.md): the receiver (receiver.ts) feeds a table of sessions keyed by the recorder's
 * session id (`mcp_conf.session`, the key the Collector routes on, so one session always reaches one `serve`). Each
 * session is reassembled, written to the state directory and judged live (session-assembly.ts); it is finalised —
 * its verdict written, its span and metrics sent to the next hop — when its close arrives with nothing missing, when
 * it has been idle for `idleMs`, when the table is full (the least recently active goes), or when `serve` stops.
 * Only a session that closed with every seq is complete; every other verdict says incomplete, with why.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { defaultPoolThreads } from "@mcp-conf/live-judge";
import type { DecodedLogs } from "@mcp-conf/otel-mapper";
import { readTraceSync, sanitizeSessionId } from "@mcp-conf/trace-format";
import { createJudge, type Finding, type Report } from "@mcp-conf/validator";
import { ConversationAssembly } from "./conversation.js";
import { NextHop, type NextHopOptions, type NextHopStats } from "./next-hop.js";
import { type Receiver, type ReceiverStats, startReceiver } from "./receiver.js";
import { type IncomingEvent, SessionAssembly } from "./session-assembly.js";
import { inlineJudges, pooledJudges } from "./session-judge.js";
import { type EndReason, judgedFields, type SessionVerdict, VerdictStore } from "./verdict.js";

/** How a session or a conversation ended (`finish` of its assembly). */
interface Ended {
  complete: boolean;
  missing: number;
  report?: Report;
  error?: string;
}

export interface ServeOptions {
  /** Where traces and verdicts go (`<state>/sessions`, `<state>/serve`). */
  stateDir: string;
  host?: string;
  /** 0 picks a free port. Default 4418. */
  port?: number;
  /** A name for this instance in verdicts and exported telemetry. Default `serve-<pid>-<4 hex>`. */
  instance?: string;
  /** Judge at this revision instead of the one each trace declares. */
  revision?: string;
  /** A session with no event for this long is finalised (incomplete unless it closed). Default 300,000 ms. */
  idleMs?: number;
  /** Sessions judged at once, at most; past it the least recently active is finalised. Default 10,000. */
  maxSessions?: number;
  /** Events one session holds out of order, at most. Default 10,000. */
  maxReorder?: number;
  /** Finalised sessions remembered, so late or retried records of theirs are recognised. Default 100,000. */
  rememberFinished?: number;
  /** Where findings go as spans and metrics (OTLP/HTTP JSON). */
  nextHop?: Omit<NextHopOptions, "instance">;
  /** See `ReceiverOptions`. */
  maxInFlightBytes?: number;
  /**
   * Judge threads (a live-judge `JudgePool`); 0 judges in the receiving thread. Default: the cores available, so
   * judging runs beside receiving.
   */
  judgeThreads?: number;
  /** A finding the moment the judge reports it (live). */
  onFinding?: (session: string, finding: Finding) => void;
  /** A session's verdict, once written. */
  onVerdict?: (verdict: SessionVerdict) => void;
  /**
   * How long a conversation's message waits past its wire time for fragments from other replicas before it is
   * judged. Default 2,000 ms.
   */
  conversationHoldMs?: number;
}

export interface ServeStats {
  receiver: ReceiverStats;
  /** Events written and judged. */
  events: number;
  /** Events already seen (retried batches), ignored. */
  duplicates: number;
  /** Events of sessions already finalised, ignored. */
  late: number;
  sessionsOpen: number;
  sessionsJudged: number;
  sessionsIncomplete: number;
  nextHop?: NextHopStats;
}

export interface Serve {
  readonly url: string;
  readonly instance: string;
  stats(): ServeStats;
  /** Stops receiving (503 from now on), finalises every open session, and sends what is left on. */
  close(): Promise<ServeStats>;
}

export async function startServe(options: ServeOptions): Promise<Serve> {
  const instance = options.instance ?? `serve-${process.pid}-${randomBytes(2).toString("hex")}`;
  const store = new VerdictStore(options.stateDir);
  const nextHop = options.nextHop ? new NextHop({ ...options.nextHop, instance }) : undefined;
  const threads = options.judgeThreads ?? defaultPoolThreads();
  const judges = threads === 0 ? inlineJudges() : pooledJudges(threads, options.revision);
  /** Sessions being finalised (their judges finishing their reports). */
  const finalising = new Set<Promise<void>>();
  const idleMs = options.idleMs ?? 300_000;
  const maxSessions = options.maxSessions ?? 10_000;
  const remember = options.rememberFinished ?? 100_000;
  /** Open sessions by key: the recorder's session id with the exporter that sent it (ids repeat across replicas). */
  const sessions = new Map<string, SessionAssembly>();
  /** The trace name (`<state>/sessions/<name>.jsonl`) of each key: the session id, or it with its exporter's. */
  const names = new Map<string, string>();
  const nameOwners = new Map<string, string>();
  const conversations = new Map<string, ConversationAssembly>();
  /** The conversations each open session's messages went to. */
  const memberOf = new Map<string, Set<string>>();
  const finished = new Set<string>();
  const counts = { events: 0, duplicates: 0, late: 0, judged: 0, incomplete: 0 };

  const nameOf = (key: string, session: string, instance: string | undefined): string => {
    let name = names.get(key);
    if (name !== undefined) return name;
    name = sanitizeSessionId(session);
    const owner = nameOwners.get(name);
    if ((owner !== undefined && owner !== key) || (owner === undefined && store.hasVerdict(name) && instance)) {
      name = sanitizeSessionId(`${session}-${(instance ?? "").slice(0, 8)}`);
    }
    names.set(key, name);
    nameOwners.set(name, key);
    return name;
  };

  const conclude = (verdict: SessionVerdict, name = verdict.session) => {
    store.write(verdict, name);
    counts.judged++;
    if (!verdict.complete) counts.incomplete++;
    if (finished.size > remember) finished.delete(finished.values().next().value as string);
    nextHop?.judged(verdict);
    options.onVerdict?.(verdict);
  };

  /** Finalising runs until its verdict is written; `close` waits for every one. */
  const track = (finishing: Promise<void>) => {
    const done = finishing.finally(() => finalising.delete(done));
    finalising.add(done);
  };

  /** A verdict's fields from how its session or conversation ended. */
  const endedFields = (ended: Ended, reason: EndReason, events: number): Omit<SessionVerdict, "session"> => ({
    instance,
    complete: ended.complete,
    reason,
    events,
    missing: ended.missing,
    ...judgedFields(ended.report, ended.error),
    judgedAt: new Date().toISOString(),
  });

  const finalise = (key: string, assembly: SessionAssembly, reason: EndReason) => {
    sessions.delete(key);
    finished.add(key);
    track(conclusion(key, assembly, reason));
  };

  const conclusion = async (key: string, assembly: SessionAssembly, reason: EndReason) => {
    const ended = await assembly.finish();
    for (const conversation of memberOf.get(key) ?? [])
      conversations.get(conversation)?.memberEnded(key, ended.complete);
    memberOf.delete(key);
    const verdict: SessionVerdict = { session: assembly.session, ...endedFields(ended, reason, assembly.events) };
    if (assembly.label !== undefined) verdict.label = assembly.label;
    conclude(verdict, names.get(key));
  };

  const finaliseConversation = (conversation: ConversationAssembly, reason: EndReason) => {
    conversations.delete(conversation.key);
    track(
      conversation.finish().then((ended) =>
        conclude(
          {
            session: conversation.key,
            conversation: [...conversation.sessions.keys()],
            ...endedFields(ended, reason, ended.events),
          },
          sanitizeSessionId(conversation.key),
        ),
      ),
    );
  };

  const startConversation = (key: string): ConversationAssembly => {
    const name = sanitizeSessionId(key);
    const gathered = new ConversationAssembly(key, {
      tracePath: store.tracePath(name),
      judge: judges.session(
        options.revision,
        options.onFinding ? (finding) => options.onFinding?.(key, finding) : undefined,
      ),
      maxEvents: options.maxReorder ?? 10_000,
      holdMs: options.conversationHoldMs ?? 2_000,
    });
    store.markOpen(name, instance);
    conversations.set(key, gathered);
    return gathered;
  };

  // Sessions a serve on this state directory was judging when it stopped: judged as far as their traces go.
  for (const session of store.unfinished()) conclude(recover(store, session, instance, options.revision));

  const ingest = (decoded: DecodedLogs) => {
    const bySession = new Map<string, { session: string; instance?: string; events: IncomingEvent[] }>();
    const labels = new Map<string, string>();
    for (const event of decoded.events) {
      const key = event.instance === undefined ? event.session : `${event.instance}/${event.session}`;
      if (finished.has(key)) {
        counts.late++;
        continue;
      }
      const incoming: IncomingEvent = { seq: event.seq, line: event.line };
      if (event.conversation !== undefined) incoming.conversation = event.conversation;
      const batch = bySession.get(key);
      if (batch) batch.events.push(incoming);
      else {
        const group: { session: string; instance?: string; events: IncomingEvent[] } = {
          session: event.session,
          events: [incoming],
        };
        if (event.instance !== undefined) group.instance = event.instance;
        bySession.set(key, group);
      }
      if (event.label !== undefined) labels.set(key, event.label);
    }
    for (const [key, { session, instance: sender, events }] of bySession) {
      let assembly = sessions.get(key);
      if (!assembly) {
        const name = nameOf(key, session, sender);
        if (store.hasVerdict(name)) {
          counts.late += events.length;
          continue;
        }
        if (sessions.size >= maxSessions) {
          const [oldKey, oldest] = leastRecent(sessions);
          finalise(oldKey, oldest, "evicted");
        }
        assembly = new SessionAssembly(session, {
          tracePath: store.tracePath(name),
          maxReorder: options.maxReorder ?? 10_000,
          judge: judges.session(
            options.revision,
            options.onFinding ? (finding) => options.onFinding?.(session, finding) : undefined,
          ),
        });
        store.markOpen(name, instance);
        sessions.set(key, assembly);
      }
      assembly.label ??= labels.get(key);
      const taken = assembly.take(events);
      counts.events += taken.accepted;
      counts.duplicates += taken.duplicates;
      for (const { seq, line, conversation } of taken.conversational) {
        (conversations.get(conversation) ?? startConversation(conversation)).add(key, seq, line);
        const member = memberOf.get(key) ?? new Set<string>();
        member.add(conversation);
        memberOf.set(key, member);
      }
      if (assembly.complete()) finalise(key, assembly, "closed");
    }
  };

  let receiver: Receiver;
  try {
    receiver = await startReceiver(
      {
        host: options.host ?? "127.0.0.1",
        port: options.port ?? 4418,
        ...(options.maxInFlightBytes === undefined ? {} : { maxInFlightBytes: options.maxInFlightBytes }),
      },
      ingest,
    );
  } catch (error) {
    await nextHop?.close();
    await judges.close();
    throw error;
  }

  const sweep = setInterval(
    () => {
      const before = Date.now() - idleMs;
      for (const [key, assembly] of [...sessions]) if (assembly.lastActivity <= before) finalise(key, assembly, "idle");
      for (const conversation of [...conversations.values()]) {
        const open = [...conversation.sessions.values()].some((complete) => complete === undefined);
        if (!open && conversation.lastActivity <= before) finaliseConversation(conversation, "idle");
        else if (conversation.lastActivity <= before - idleMs) finaliseConversation(conversation, "idle");
      }
    },
    Math.max(50, Math.min(idleMs / 4, 5000)),
  );
  sweep.unref();
  // Conversations' messages are judged once their wait for other replicas' fragments is over.
  const release = setInterval(() => {
    const now = Date.now();
    for (const conversation of conversations.values()) if (conversation.holds()) conversation.release(now);
  }, 250);
  release.unref();

  const stats = (): ServeStats => {
    const out: ServeStats = {
      receiver: { ...receiver.stats },
      events: counts.events,
      duplicates: counts.duplicates,
      late: counts.late,
      sessionsOpen: sessions.size,
      sessionsJudged: counts.judged,
      sessionsIncomplete: counts.incomplete,
    };
    if (nextHop) out.nextHop = { ...nextHop.stats };
    return out;
  };

  let closing: Promise<ServeStats> | undefined;
  return {
    url: receiver.url,
    instance,
    stats,
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        clearInterval(release);
        await receiver.close();
        for (const [key, assembly] of [...sessions]) finalise(key, assembly, "shutdown");
        await Promise.all(finalising);
        for (const conversation of [...conversations.values()]) finaliseConversation(conversation, "shutdown");
        await Promise.all(finalising);
        await judges.close();
        await nextHop?.close();
        return stats();
      })();
      return closing;
    },
  };
}

function leastRecent(sessions: Map<string, SessionAssembly>): [string, SessionAssembly] {
  let oldest: [string, SessionAssembly] | undefined;
  for (const entry of sessions) if (!oldest || entry[1].lastActivity < oldest[1].lastActivity) oldest = entry;
  return oldest!;
}

/** A session left unfinished by a `serve` that stopped: its trace judged as far as it goes, marked incomplete. */
function recover(store: VerdictStore, session: string, instance: string, revision: string | undefined): SessionVerdict {
  const verdict: SessionVerdict = {
    session,
    instance,
    complete: false,
    reason: "recovered",
    events: 0,
    missing: 1,
    findings: [],
    judgedAt: new Date().toISOString(),
  };
  try {
    const events = readTraceSync(readFileSync(store.tracePath(session), "utf8"));
    verdict.events = events.length;
    const judge = createJudge(revision === undefined ? {} : { revision });
    for (const event of events) {
      judge.observe(event);
      if (verdict.label === undefined && event.kind === "lifecycle" && typeof event.meta?.label === "string") {
        verdict.label = event.meta.label;
      }
    }
    // The serve that was judging it stopped: whatever came after its last event is missing.
    judge.lost(1);
    const report = judge.finish();
    Object.assign(verdict, judgedFields(report));
    verdict.missing = report.capture.missing;
  } catch (error) {
    verdict.error = error instanceof Error ? error.message : String(error);
  }
  return verdict;
}
