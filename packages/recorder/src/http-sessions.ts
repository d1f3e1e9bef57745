/**
 * Routing of HTTP exchanges to per-session recorders. A request that carries `mcp-session-id` belongs to that
 * session; one that does not (an `initialize`) is held until its response says which session it opened, or that
 * it opened none, in which case it joins a `stateless-<n>` bucket (a new bucket per sessionless `initialize`).
 * An HTTP+SSE stream of 2024-11-05 (see `legacy-sse.ts`) is a session of its own, `sse-<n>`.
 * A session ends — its trace closed, `onEnd` told once — on a successful DELETE; when its client drops the session's
 * GET stream (the transport closing: the official SDK's `close()` does that and sends no DELETE), once no other
 * request of it is in flight; after `idleMs` with no client request of it in flight or begun and no GET stream of it
 * open (a client that went away without either: a live stream is activity); or when the proxy stops. An exchange naming a session that has ended is forwarded as any other but
 * not recorded: the session was traced, and judged, once (the ids of the last `REMEMBERED_ENDS` ended sessions are
 * kept for this).
 * An `ExchangeLog` keeps one exchange's events in order: the request's events before the response's, even when
 * the response starts before the request body has been read in full.
 */
import type { Recorder, RecorderStats } from "./recorder.js";

export interface SessionOpening {
  /** The MCP session id, or `stateless-<n>` for a sessionless bucket. */
  session: string;
  stateless: boolean;
  /** "sse" for an HTTP+SSE stream's session; streamable HTTP otherwise. */
  transport?: "sse";
}

/** Why a session ended: a DELETE, its client dropping its stream, no request for the idle timeout, the proxy stopping. */
export type SessionEndReason = "delete" | "close" | "idle" | "stop";

/** A session that ended, with what its recorder wrote. */
export interface SessionEnding {
  session: string;
  reason: SessionEndReason;
  stats: RecorderStats;
}

export interface SessionRouterOptions {
  /** End a session after this long with no client request in flight or begun and no GET stream open. Default 10 minutes; 0 never. */
  idleMs?: number;
  /** Called once per session, when it has ended and its trace is complete. A returned promise is awaited at stop. */
  onEnd?: (ending: SessionEnding) => void | Promise<void>;
  /** Milliseconds, for the idle clock; tests pass their own. */
  now?: () => number;
  /** Where the exchanges of an ended session go: a recorder that records nothing. */
  discard?: Recorder;
}

/** How many ended sessions' ids are remembered, so their late exchanges are not traced as new sessions. */
const REMEMBERED_ENDS = 10_000;

/** The default idle timeout of a proxied session. */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;

interface LiveSession {
  recorder: Recorder;
  /** Client requests begun and not yet ended (GET streams are counted apart: they stay open for the session). */
  inFlight: number;
  /** GET streams of the session open now: while one is, the session is not idle. */
  streams: number;
  lastActive: number;
  /** The client dropped the session's GET stream: it ends once `inFlight` is 0. */
  closing: boolean;
}

export class SessionRouter {
  private readonly live = new Map<string, LiveSession>();
  private readonly finished: Promise<RecorderStats>[] = [];
  private readonly reported: Promise<void>[] = [];
  /** Ids of sessions that ended, oldest first (a Set keeps insertion order). */
  private readonly ended = new Set<string>();
  private statelessCount = 0;
  private sseCount = 0;
  private currentStateless: Recorder | undefined;
  private closed = false;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly open: (opening: SessionOpening) => Recorder,
    private readonly options: SessionRouterOptions = {},
  ) {
    this.idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.now = options.now ?? Date.now;
    if (this.idleMs > 0) {
      this.sweeper = setInterval(() => this.sweep(), Math.min(15_000, Math.max(50, this.idleMs / 4)));
      this.sweeper.unref();
    }
  }

  /** The recorder of MCP session `id`, opened on first sight (a session that has ended records nothing more). */
  forSession(id: string): Recorder {
    const live = this.live.get(id);
    if (live) return live.recorder;
    if (this.ended.has(id) && this.options.discard) return this.options.discard;
    return this.start({ session: id, stateless: false }).recorder;
  }

  /** The current sessionless bucket; `startNew` (a sessionless initialize) opens the next one. */
  stateless(startNew: boolean): Recorder {
    if (!this.currentStateless || startNew || !this.live.has(this.currentStateless.session)) {
      this.statelessCount++;
      this.currentStateless = this.start({ session: `stateless-${this.statelessCount}`, stateless: true }).recorder;
    }
    return this.currentStateless;
  }

  /** A new session for one HTTP+SSE stream. */
  sse(): Recorder {
    return this.start({ session: `sse-${++this.sseCount}`, stateless: false, transport: "sse" }).recorder;
  }

  private start(opening: SessionOpening): LiveSession {
    const session: LiveSession = {
      recorder: this.open(opening),
      inFlight: 0,
      streams: 0,
      lastActive: this.now(),
      closing: false,
    };
    this.live.set(opening.session, session);
    return session;
  }

  /** A client request of the recorder's session has begun (`stream`: a GET stream). */
  begin(recorder: Recorder, stream = false): void {
    const session = this.liveOf(recorder);
    if (!session) return;
    if (stream) session.streams++;
    else session.inFlight++;
    session.lastActive = this.now();
  }

  /** A client request (or GET stream) counted by `begin` has ended. */
  done(recorder: Recorder, stream = false): void {
    const session = this.liveOf(recorder);
    if (!session) return;
    if (stream) session.streams = Math.max(0, session.streams - 1);
    else session.inFlight = Math.max(0, session.inFlight - 1);
    session.lastActive = this.now();
    if (session.closing && session.inFlight === 0) this.end(recorder.session, "close");
  }

  /** The client dropped the session's GET stream: the session ends once no request of it is in flight. */
  streamClosed(recorder: Recorder): void {
    const session = this.liveOf(recorder);
    if (!session) return;
    session.closing = true;
    if (session.inFlight === 0) this.end(recorder.session, "close");
  }

  private liveOf(recorder: Recorder): LiveSession | undefined {
    const session = this.live.get(recorder.session);
    return session?.recorder === recorder ? session : undefined;
  }

  private sweep(): void {
    const before = this.now() - this.idleMs;
    for (const [id, session] of this.live) {
      if (session.inFlight === 0 && session.streams === 0 && session.lastActive <= before) this.end(id, "idle");
    }
  }

  /** Ends one session: its trace is closed and `onEnd` told; a later exchange naming it is not recorded. */
  end(id: string, reason: SessionEndReason = "delete"): void {
    const session = this.live.get(id);
    if (!session) return;
    this.live.delete(id);
    this.ended.add(id);
    if (this.ended.size > REMEMBERED_ENDS) this.ended.delete(this.ended.values().next().value!);
    const stats = session.recorder.close({ direction: "client-to-server" });
    this.finished.push(stats);
    const { onEnd } = this.options;
    if (onEnd) {
      // A failing `onEnd` is its caller's to report; it must not stop the other sessions' ends.
      this.reported.push(stats.then((done) => onEnd({ session: id, reason, stats: done })).then(noop, noop));
    }
  }

  get sessionCount(): number {
    return this.live.size + this.finished.length;
  }

  /**
   * Closes every session still open and resolves to the stats of all of them, in the order they ended, once every
   * `onEnd` has settled.
   */
  async closeAll(): Promise<RecorderStats[]> {
    if (!this.closed) {
      this.closed = true;
      if (this.sweeper) clearInterval(this.sweeper);
      for (const id of [...this.live.keys()]) this.end(id, "stop");
    }
    const all = await Promise.all(this.finished);
    await Promise.all(this.reported);
    return all;
  }
}

const noop = () => {};

type Step = (recorder: Recorder) => void;

/** One HTTP exchange's observations, released to its session's recorder in request-then-response order. */
export class ExchangeLog {
  private target: Recorder | undefined;

  /** `onBind` is told the recorder the exchange is bound to, once. */
  constructor(private readonly onBind?: (recorder: Recorder) => void) {}
  private readonly requestSteps: Step[] = [];
  private readonly responseSteps: Step[] = [];
  private requestComplete = false;

  get bound(): boolean {
    return this.target !== undefined;
  }

  get recorder(): Recorder | undefined {
    return this.target;
  }

  bind(recorder: Recorder): void {
    if (this.target) return;
    this.target = recorder;
    this.onBind?.(recorder);
    this.flush();
  }

  request(step: Step): void {
    if (this.target) step(this.target);
    else this.requestSteps.push(step);
  }

  /** The request has been handed over in full: response events may now follow it. */
  requestDone(): void {
    this.requestComplete = true;
    this.flush();
  }

  response(step: Step): void {
    if (this.target && this.requestComplete) step(this.target);
    else this.responseSteps.push(step);
  }

  private flush(): void {
    if (!this.target) return;
    for (const step of this.requestSteps.splice(0)) step(this.target);
    if (this.requestComplete) for (const step of this.responseSteps.splice(0)) step(this.target);
  }
}
