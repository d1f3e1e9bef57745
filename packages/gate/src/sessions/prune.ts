/**
 * `sessions prune --older-than AGE`: which stored sessions are old enough to delete (never one still being recorded,
 * however long it has been idle), deleting them, and the report of what was (or would be) deleted, as text or JSON.
 * Baselines are left alone: they belong to a server label, not to a session.
 */
import { rmSync } from "node:fs";
import { fileProblem } from "@mcp-conf/trace-format";
import { GateError } from "../errors.js";
import { openTraces } from "./liveness.js";
import { listStoredSessions, type StoredSession } from "./store.js";

export interface PruneSelection {
  /** The sessions last written more than the age ago and not being recorded, newest first. */
  old: StoredSession[];
  /** How many sessions old enough were kept because a running process still holds their trace open. */
  running: number;
}

export interface PruneOptions {
  env?: NodeJS.ProcessEnv;
  /** Now, in ms since the epoch (default `Date.now()`). */
  now?: number;
  /** Told of an entry of the sessions directory that could not be looked at (see `listStoredSessions`). */
  skipped?: (name: string, problem: string) => void;
}

/** The stored sessions last written more than `ageMs` ago, less those still being recorded. */
export function sessionsToPrune(ageMs: number, options: PruneOptions = {}): PruneSelection {
  const cutoff = (options.now ?? Date.now()) - ageMs;
  const aged = listStoredSessions(options.env, options.skipped).filter((session) => session.modifiedMs < cutoff);
  const running = openTraces(aged.map((session) => session.path));
  return { old: aged.filter((session) => !running.has(session.path)), running: running.size };
}

/** Deletes the sessions' traces; one that cannot be deleted stops it with a GateError naming it. */
export function deleteSessions(sessions: readonly StoredSession[]): void {
  for (const session of sessions) {
    try {
      rmSync(session.path);
    } catch (error) {
      throw new GateError(`sessions prune: ${session.path}: ${fileProblem(error)}`);
    }
  }
}

export interface PruneReport {
  sessions: readonly StoredSession[];
  /** The age as the user wrote it (`30d`). */
  olderThan: string;
  directory: string;
  /** Whether they were deleted, or only would be (a dry run). */
  deleted: boolean;
}

/** What was (or would be) deleted: a line per session and a total, or JSON `{directory, olderThan, deleted, sessions}`. */
export function renderPruneReport(report: PruneReport, format: "text" | "json"): string {
  const { sessions, olderThan, directory, deleted } = report;
  if (format === "json") {
    const list = sessions.map((s) => ({
      id: s.id,
      path: s.path,
      bytes: s.bytes,
      modified: new Date(s.modifiedMs).toISOString(),
    }));
    return `${JSON.stringify({ directory, olderThan, deleted, sessions: list }, null, 2)}\n`;
  }
  const verb = deleted ? "deleted" : "would delete";
  const lines = sessions.map((s) => `${verb} ${s.id} (last written ${new Date(s.modifiedMs).toISOString()})`);
  const bytes = sessions.reduce((sum, s) => sum + s.bytes, 0);
  lines.push(
    sessions.length === 0
      ? `no session in ${directory} was last written more than ${olderThan} ago`
      : `${verb} ${sessions.length} session(s), ${bytes} bytes`,
  );
  return lines.map((line) => `${line}\n`).join("");
}
