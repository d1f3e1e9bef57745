/**
 * A hub over a directory of traces, some still being written (`mcp-conf open` with no TRACE over the state
 * directory's sessions): the list is the store's, looked at a few times a second. A finished trace is read and judged
 * once per change (a finished trace does not change); a running one is read once and then only as it grows (its row's
 * counts move with each appended line, never re-read or re-judged), and ends when its recorder writes the end or the
 * store says the recorder is gone (killed before it could). A running session's page follows it with one follower
 * however many pages ask, on the judge the host gives (a pool of threads, not a thread per session). A stdio
 * session recorded after its client's probe is judged with the probe's declaration, and each row names the other.
 */
import { readFile, unlink } from "node:fs/promises";
import type { SessionHeader } from "@mcp-conf/analysis";
import { classifyMessage } from "@mcp-conf/session";
import { type ReadTraceOptions, readTrace, type TraceEvent } from "@mcp-conf/trace-format";
import { type Actor, ProbeLinker, readProbeFacts } from "@mcp-conf/validator";
import { collectSession } from "../collect.js";
import type { HubSession, SessionHub, SessionView } from "../hub.js";
import { probeLinksOf, type SessionFile, type SessionSummary, summarizeSession } from "../session-summary.js";
import { endsTrace, TraceFollower } from "./follower.js";
import { GrowingTrace } from "./growing-trace.js";
import type { JudgeFactory } from "./judge.js";

/** Where the hub's sessions come from (`@mcp-conf/gate`'s session store, for the state directory). */
export interface HubStore {
  /** Where the sessions are, as the page says it. */
  directory: string;
  /** Every session, newest first (an entry that cannot be looked at is left out). */
  list(): SessionFile[];
  /** The trace of the session `id`, or undefined when there is none. */
  path(id: string): string | undefined;
  /** Whether the process that records the trace at `path` (its `transport-open`'s `meta.recorder`) is known to be gone. */
  recorderGone?(recorder: SessionHeader["recorder"], path: string): boolean;
}

export interface DirectoryHubOptions {
  store: HubStore;
  revision?: string;
  actor?: Actor;
  /** The judge of each followed session. Default: inline, on this thread. */
  judge?: JudgeFactory;
  /** Applied to every event read (`open --redact-…`). */
  redact?: (event: TraceEvent) => TraceEvent;
  /** The reader's limits (`--max-events`). */
  limits?: ReadTraceOptions;
  /** Milliseconds between looks at a trace that has not grown. Default 200. */
  followIntervalMs?: number;
}

/** Whether a trace's recorder has not written its end yet (a stream a 2026 client closed is not the end). */
export function isRunning(header: SessionHeader): boolean {
  return header.ended === "open" || (header.ended === "abort" && header.transport === "streamable-http");
}

/** A running session's row, kept up to date from the lines appended to its trace. */
class RunningRow {
  readonly trace: GrowingTrace;
  ended = false;
  moved = false;
  private firstTs: number | undefined;

  constructor(
    path: string,
    offset: number,
    readonly row: HubSession,
    readonly recorder: SessionHeader["recorder"],
    limits: ReadTraceOptions | undefined,
    intervalMs: number | undefined,
  ) {
    this.firstTs = row.start === undefined ? undefined : Date.parse(row.start);
    this.trace = new GrowingTrace(path, {
      offset,
      ...(limits ? { limits } : {}),
      ...(intervalMs === undefined ? {} : { intervalMs }),
    });
    void this.read();
  }

  private async read(): Promise<void> {
    try {
      for await (const event of this.trace.events()) {
        this.observe(event);
        if (endsTrace(event)) break;
      }
    } catch {
      // Unreadable from here on: the final summary says why.
    }
    this.trace.stop();
    this.ended = true;
    this.moved = true;
  }

  private observe(event: TraceEvent): void {
    const row = this.row;
    if (event.ts !== undefined) {
      const ts = Date.parse(event.ts);
      if (this.firstTs === undefined && Number.isFinite(ts)) {
        this.firstTs = ts;
        row.start = event.ts;
      } else if (this.firstTs !== undefined && Number.isFinite(ts)) row.durationMs = ts - this.firstTs;
    }
    if (event.kind === "message") {
      for (const element of Array.isArray(event.payload) ? event.payload : [event.payload]) {
        const type = classifyMessage(element).type;
        if (type === "request" || type === "notification") row.exchanges = (row.exchanges ?? 0) + 1;
      }
    }
    this.moved = true;
  }
}

/** The complete lines of a trace that may be growing: a line still being written waits for its newline. */
async function completeLines(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  return bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
}

export class DirectoryHub implements SessionHub {
  private version = 0;
  /** Traces read whole so far (once per change of a finished trace, once per running session). */
  wholeReads = 0;
  private readonly finished = new Map<string, { key: string; row: HubSession }>();
  private readonly running = new Map<string, RunningRow>();
  private readonly followers = new Map<string, TraceFollower>();
  private readonly probes = new ProbeLinker();
  private looking = false;
  private closed = false;

  constructor(private readonly options: DirectoryHubOptions) {}

  /** How many running sessions are followed for a page now (each on the host's judge). */
  get following(): number {
    return this.followers.size;
  }

  list() {
    const sessions = [...this.finished.values()]
      .map(({ row }) => row)
      .concat([...this.running.values()].map((running) => running.row))
      .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : a.id < b.id ? -1 : 1));
    return { version: this.version, list: { directory: this.options.store.directory, sessions } };
  }

  async view(id: string): Promise<SessionView | undefined> {
    const following = this.followers.get(id);
    if (following) return { feed: following.feed };
    const path = this.options.store.path(id);
    if (path === undefined) return undefined;
    if (this.running.has(id) && !this.closed) {
      // Set before any await: pages asking at once share this one follower.
      return { feed: this.follow(id, path).feed };
    }
    try {
      const { document } = await collectSession(this.read(await completeLines(path)), this.judging());
      return { document };
    } catch {
      // Not readable as a whole: a follower's page says what is wrong when it gets there.
      return { feed: this.follow(id, path).feed };
    }
  }

  private follow(id: string, path: string): TraceFollower {
    const follower = new TraceFollower(path, this.followOptions());
    this.followers.set(id, follower);
    void follower.done.then(() => {
      if (this.followers.get(id) === follower) this.followers.delete(id);
    });
    return follower;
  }

  /** Deletes a finished session's trace (the page asked the user first); a running one is refused. */
  async delete(id: string): Promise<string | undefined> {
    const path = this.options.store.path(id);
    if (!this.finished.has(id) || path === undefined) {
      return this.running.has(id) ? "the session is still running" : "no such session";
    }
    if (this.followers.has(id)) return "the session is still running";
    try {
      await unlink(path);
    } catch (error) {
      return `cannot delete it (${(error as NodeJS.ErrnoException).code ?? "error"})`;
    }
    this.finished.delete(id);
    this.version++;
    return undefined;
  }

  /** One look at the store: new, changed and removed traces, and the running ones' recorders. */
  async look(): Promise<void> {
    if (this.looking || this.closed) return;
    this.looking = true;
    try {
      let changed = false;
      const stored = this.options.store.list();
      const present = new Map(stored.map((session) => [session.id, session]));
      const links = await this.probes.link(stored);
      const idOf = new Map(stored.map((session) => [session.path, session.id]));
      for (const id of [...this.finished.keys(), ...this.running.keys()]) {
        if (present.has(id)) continue;
        this.finished.delete(id);
        this.running.get(id)?.trace.stop();
        this.running.delete(id);
        this.followers.get(id)?.end("the trace was removed");
        changed = true;
      }
      for (const session of stored) {
        const linked = probeLinksOf(session, links, idOf);
        const running = this.running.get(session.id);
        if (running) {
          if (relink(running.row, linked)) changed = true;
          running.row.modified = new Date(session.modifiedMs).toISOString();
          if (!running.ended && this.options.store.recorderGone?.(running.recorder, session.path)) {
            running.trace.stop();
            this.followers.get(session.id)?.end("the recorder is gone");
          }
          if (running.moved) {
            running.moved = false;
            changed = true;
          }
          if (!running.ended) continue;
          this.running.delete(session.id);
        }
        // A session is judged again when its probe changes: the verdict rests on the probe's declaration.
        const probe = links.probeOf.get(session.path);
        const key = `${session.bytes}:${session.modifiedMs}:${probe ?? ""}`;
        const finished = this.finished.get(session.id);
        if (!running && finished?.key === key) {
          if (relink(finished.row, linked)) changed = true;
          continue;
        }
        await this.summarize(session, key, probe, linked);
        changed = true;
      }
      if (changed) this.version++;
    } finally {
      this.looking = false;
    }
  }

  /** Stops every follower and reader. */
  close(): void {
    this.closed = true;
    for (const follower of this.followers.values()) follower.stop();
    for (const running of this.running.values()) running.trace.stop();
  }

  /** Reads a trace whole (once per change), and starts following it when it is still being recorded. */
  private async summarize(
    session: SessionFile,
    key: string,
    probePath: string | undefined,
    linked: Pick<HubSession, "probe" | "probeOf">,
  ): Promise<void> {
    let lines: Buffer | undefined;
    this.wholeReads++;
    try {
      lines = await completeLines(session.path);
    } catch {
      // Gone or unreadable: the summary says which.
    }
    const probe = probePath === undefined ? undefined : await readProbeFacts(probePath);
    const summary = await summarizeSession(session, lines === undefined ? undefined : this.read(lines), probe);
    const header = summary.analysis?.session;
    const live =
      header !== undefined && isRunning(header) && !this.options.store.recorderGone?.(header.recorder, session.path);
    const row = { ...rowOf(summary, live), ...linked };
    if (live && lines !== undefined && !this.closed) {
      this.finished.delete(session.id);
      const limits = this.options.limits;
      this.running.set(
        session.id,
        new RunningRow(session.path, lines.length, row, header.recorder, limits, this.options.followIntervalMs),
      );
      return;
    }
    this.finished.set(session.id, { key, row });
  }

  private read(lines: Buffer): AsyncIterable<TraceEvent> {
    const events = readTrace(lines, this.options.limits);
    const redact = this.options.redact;
    if (!redact) return events;
    return (async function* () {
      for await (const event of events) yield redact(event);
    })();
  }

  private judging(): { revision?: string; actor?: Actor } {
    const { revision, actor } = this.options;
    return { ...(revision === undefined ? {} : { revision }), ...(actor === undefined ? {} : { actor }) };
  }

  private followOptions() {
    const { judge, redact, limits, followIntervalMs } = this.options;
    return {
      ...this.judging(),
      ...(judge ? { judge } : {}),
      ...(redact ? { redact } : {}),
      ...(limits ? { limits } : {}),
      ...(followIntervalMs === undefined ? {} : { intervalMs: followIntervalMs }),
    };
  }
}

/** Sets a row's probe links; whether they changed. */
function relink(row: HubSession, linked: Pick<HubSession, "probe" | "probeOf">): boolean {
  if (row.probe === linked.probe && row.probeOf === linked.probeOf) return false;
  delete row.probe;
  delete row.probeOf;
  Object.assign(row, linked);
  return true;
}

function rowOf(summary: SessionSummary, running: boolean): HubSession {
  const row: HubSession = {
    id: summary.id,
    modified: summary.modified,
    verdict: running ? "running" : summary.verdict,
    running,
  };
  if (summary.label !== undefined) row.label = summary.label;
  if (summary.start !== undefined) row.start = summary.start;
  if (summary.durationMs !== undefined) row.durationMs = summary.durationMs;
  if (summary.exchanges !== undefined) row.exchanges = summary.exchanges;
  return row;
}
