/**
 * `mcp-conf open` with no TRACE: every session of the state directory in one browser tab. The list is the session
 * store's (store.ts), looked at a few times a second; a trace that changed is summarised again (summary.ts, the
 * same facts `sessions ls` prints), so a session some `watch` or `record` is recording now — each server a desktop
 * client wraps runs its own — shows its exchanges growing, then its verdict. A running session's page follows its
 * file live (follow.ts); a finished one's is the recorded viewer. Nothing needs setting up: the recorders already
 * write there. A finished session can be deleted from the page (its trace file is removed).
 */
import { readFile, unlink } from "node:fs/promises";
import type { SessionHeader } from "@mcp-conf/analysis";
import {
  collectSession,
  type HubSession,
  type SessionHub,
  type SessionView,
  summarizeSession,
  ViewerServer,
} from "@mcp-conf/export";
import {
  isSessionId,
  listStoredSessions,
  type StoredSession,
  sessionsDirectory,
  storedSessionPath,
} from "@mcp-conf/gate";
import type { Redactor } from "@mcp-conf/recorder";
import { readTrace } from "@mcp-conf/trace-format";
import type { Actor } from "@mcp-conf/validator";
import { redactedEvents } from "../record/redaction.js";
import { type FollowOptions, TraceFollower } from "./follow.js";

export interface HubOptions {
  port: number;
  revision?: string;
  actor?: Actor;
  /** Milliseconds between looks at the directory and at growing traces. Default 500. */
  intervalMs?: number;
  env?: NodeJS.ProcessEnv;
  /** `open --redact-…`: every session's page is redacted as it is read. */
  redact?: Redactor;
}

/** Whether a trace's recorder has not written its end yet (a stream a 2026 client closed is not the end). */
export function isRunning(header: SessionHeader): boolean {
  return header.ended === "open" || (header.ended === "abort" && header.transport === "streamable-http");
}

/** The complete lines of a trace that may be growing: a line still being written waits for its newline. */
async function completeLines(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  return bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
}

class StateDirectoryHub implements SessionHub {
  private version = 0;
  private readonly rows = new Map<string, { key: string; row: HubSession }>();
  private readonly followers = new Map<string, TraceFollower>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly judging: FollowOptions,
  ) {}

  async start(intervalMs: number): Promise<void> {
    await this.look();
    this.timer = setInterval(() => void this.look(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    for (const follower of this.followers.values()) follower.stop();
  }

  list() {
    const sessions = [...this.rows.values()]
      .map(({ row }) => row)
      .sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : a.id < b.id ? -1 : 1));
    return { version: this.version, list: { directory: sessionsDirectory(this.env), sessions } };
  }

  async view(id: string): Promise<SessionView | undefined> {
    if (!isSessionId(id)) return undefined;
    const following = this.followers.get(id);
    if (following) return { feed: following.feed };
    const path = storedSessionPath(id, this.env);
    if (path === undefined) return undefined;
    const events = redactedEvents(readTrace(await completeLines(path)), this.judging.redact);
    const { document } = await collectSession(events, this.judging).catch(async () => {
      // Not readable as a whole (yet): follow it, and let the page say what is wrong when it gets there.
      return { document: undefined };
    });
    if (document && !isRunning(document.analysis.session)) return { document };
    const follower = new TraceFollower(path, this.judging);
    this.followers.set(id, follower);
    return { feed: follower.feed };
  }

  /** Deletes a finished session's trace (the page asked the user first); a running one is refused. */
  async delete(id: string): Promise<string | undefined> {
    if (!isSessionId(id)) return "no such session";
    const row = this.rows.get(id)?.row;
    const path = storedSessionPath(id, this.env);
    if (!row || path === undefined) return "no such session";
    if (row.running || this.followers.has(id)) return "the session is still running";
    try {
      await unlink(path);
    } catch (error) {
      return `cannot delete it (${(error as NodeJS.ErrnoException).code ?? "error"})`;
    }
    this.rows.delete(id);
    this.version++;
    return undefined;
  }

  /** One look at the directory: new, changed and removed traces. */
  private async look(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      let changed = false;
      const stored = listStoredSessions(this.env);
      const present = new Set(stored.map((session) => session.id));
      for (const id of this.rows.keys()) {
        if (present.has(id)) continue;
        this.rows.delete(id);
        changed = true;
      }
      for (const session of stored) {
        const key = `${session.bytes}:${session.modifiedMs}`;
        if (this.rows.get(session.id)?.key === key) continue;
        this.rows.set(session.id, { key, row: await this.summaryRow(session) });
        changed = true;
      }
      if (changed) this.version++;
    } finally {
      this.looking = false;
    }
  }

  private async summaryRow(session: StoredSession): Promise<HubSession> {
    let lines: Buffer | undefined;
    try {
      lines = await completeLines(session.path);
    } catch {
      // Gone or unreadable: summarize says which.
    }
    const summary = await summarizeSession(session, ...(lines === undefined ? [] : [readTrace(lines)]));
    const running = summary.analysis !== undefined && isRunning(summary.analysis.session);
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
}

/** Serves the hub of the state directory's sessions on 127.0.0.1 until closed. */
export async function startHub(options: HubOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { port, intervalMs = 500, env = process.env, ...judging } = options;
  const hub = new StateDirectoryHub(env, judging);
  await hub.start(intervalMs);
  const server = await ViewerServer.start({ hub }, { port, keepAlive: true });
  return {
    url: server.url,
    async close() {
      hub.stop();
      await server.close();
    },
  };
}
