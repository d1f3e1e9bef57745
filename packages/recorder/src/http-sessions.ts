/**
 * Routing of HTTP exchanges to per-session recorders. A request that carries `mcp-session-id` belongs to that
 * session; one that does not (an `initialize`) is held until its response says which session it opened, or that
 * it opened none, in which case it joins a `stateless-<n>` bucket (a new bucket per sessionless `initialize`).
 * An HTTP+SSE stream of 2024-11-05 (see `legacy-sse.ts`) is a session of its own, `sse-<n>`.
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

export class SessionRouter {
  private readonly live = new Map<string, Recorder>();
  private readonly finished: Promise<RecorderStats>[] = [];
  private statelessCount = 0;
  private sseCount = 0;
  private currentStateless: Recorder | undefined;
  private closed = false;

  constructor(private readonly open: (opening: SessionOpening) => Recorder) {}

  /** The recorder of MCP session `id`, opened on first sight. */
  forSession(id: string): Recorder {
    let recorder = this.live.get(id);
    if (!recorder) {
      recorder = this.open({ session: id, stateless: false });
      this.live.set(id, recorder);
    }
    return recorder;
  }

  /** The current sessionless bucket; `startNew` (a sessionless initialize) opens the next one. */
  stateless(startNew: boolean): Recorder {
    if (!this.currentStateless || startNew) {
      this.statelessCount++;
      const id = `stateless-${this.statelessCount}`;
      this.currentStateless = this.open({ session: id, stateless: true });
      this.live.set(id, this.currentStateless);
    }
    return this.currentStateless;
  }

  /** A new session for one HTTP+SSE stream. */
  sse(): Recorder {
    const id = `sse-${++this.sseCount}`;
    const recorder = this.open({ session: id, stateless: false, transport: "sse" });
    this.live.set(id, recorder);
    return recorder;
  }

  /** Ends one session (after a successful DELETE): its trace is closed and a later exchange reopens it. */
  end(id: string): void {
    const recorder = this.live.get(id);
    if (!recorder) return;
    this.live.delete(id);
    this.finished.push(recorder.close({ direction: "client-to-server" }));
  }

  get sessionCount(): number {
    return this.live.size + this.finished.length;
  }

  /** Closes every session still open and resolves to the stats of all of them, in the order they ended. */
  async closeAll(): Promise<RecorderStats[]> {
    if (!this.closed) {
      this.closed = true;
      for (const id of [...this.live.keys()]) this.end(id);
    }
    return Promise.all(this.finished);
  }
}

type Step = (recorder: Recorder) => void;

/** One HTTP exchange's observations, released to its session's recorder in request-then-response order. */
export class ExchangeLog {
  private target: Recorder | undefined;
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
