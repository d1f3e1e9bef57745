/**
 * What `serve` keeps in the state directory beside each session's trace (`<state>/sessions/<id>.jsonl`, where
 * `sessions`, `open`, `check` and `export` find it): `<state>/serve/<id>.open` while the session is being judged, and
 * `<state>/serve/<id>.verdict.json` once it is. A `.open` file with no verdict is a session a `serve` was judging when
 * it stopped: the next `serve` on that state directory judges its trace as far as it goes and records it incomplete,
 * so a session is never silently passed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sanitizeSessionId } from "@mcp-conf/trace-format";
import type { Capture, Report, Totals, Verdict } from "@mcp-conf/validator";

/** Why a session was finalised. */
export type EndReason = "closed" | "idle" | "evicted" | "shutdown" | "recovered";

/** One finding of the session's report, as the verdict file and the exported span events carry it. */
export interface VerdictFinding {
  requirement: string;
  outcome: "fail" | "warn";
  level: string;
  check: string;
  detail: string;
  seq?: number;
}

export interface SessionVerdict {
  /** The recorder's session id, or for a conversation (2026-07-28 across replicas) its key. */
  session: string;
  /** A conversation's verdict: the sessions its messages came from (by exporter instance and session id). */
  conversation?: string[];
  label?: string;
  /** The `serve` instance that judged it. */
  instance: string;
  /** Every seq up to the session's close arrived. */
  complete: boolean;
  reason: EndReason;
  /** Events in the trace. */
  events: number;
  /** Observations known to be missing (seq gaps, a close that never came). */
  missing: number;
  revision?: string;
  verdict?: Verdict;
  capture?: Capture;
  totals?: Totals;
  findings: VerdictFinding[];
  /** Why the trace could not be judged, when it could not. */
  error?: string;
  judgedAt: string;
}

export class VerdictStore {
  readonly sessionsDir: string;
  readonly serveDir: string;

  constructor(stateDir: string) {
    this.sessionsDir = join(stateDir, "sessions");
    this.serveDir = join(stateDir, "serve");
    mkdirSync(this.sessionsDir, { recursive: true });
    mkdirSync(this.serveDir, { recursive: true });
  }

  tracePath(session: string): string {
    return join(this.sessionsDir, `${sanitizeSessionId(session)}.jsonl`);
  }

  private file(session: string, extension: string): string {
    return join(this.serveDir, `${sanitizeSessionId(session)}${extension}`);
  }

  /** A session started being judged here, its trace named `name`. */
  markOpen(name: string, instance: string): void {
    writeFileSync(this.file(name, ".open"), `${JSON.stringify({ session: name, instance })}\n`);
  }

  hasVerdict(session: string): boolean {
    return existsSync(this.file(session, ".verdict.json"));
  }

  /**
   * Writes the verdict as `name` (the trace's name; default the session id) through a temporary file, so a reader
   * never sees half of one, and clears `.open`.
   */
  write(verdict: SessionVerdict, name = verdict.session): void {
    const path = this.file(name, ".verdict.json");
    writeFileSync(`${path}.tmp`, `${JSON.stringify(verdict, null, 2)}\n`);
    renameSync(`${path}.tmp`, path);
    rmSync(this.file(name, ".open"), { force: true });
  }

  read(session: string): SessionVerdict | undefined {
    try {
      return JSON.parse(readFileSync(this.file(session, ".verdict.json"), "utf8")) as SessionVerdict;
    } catch {
      return undefined;
    }
  }

  /** Sessions a `serve` was judging when it stopped (a `.open` file, no verdict). */
  unfinished(): string[] {
    const sessions: string[] = [];
    for (const name of readdirSync(this.serveDir)) {
      if (!name.endsWith(".open")) continue;
      try {
        const { session } = JSON.parse(readFileSync(join(this.serveDir, name), "utf8")) as { session: string };
        if (!this.hasVerdict(session)) sessions.push(session);
        else rmSync(join(this.serveDir, name), { force: true });
      } catch {
        // A half-written marker: its session's trace is still listed by `sessions`.
      }
    }
    return sessions;
  }

  /** Every verdict on disk. */
  all(): SessionVerdict[] {
    return readdirSync(this.serveDir)
      .filter((name) => name.endsWith(".verdict.json"))
      .flatMap((name) => {
        try {
          return [JSON.parse(readFileSync(join(this.serveDir, name), "utf8")) as SessionVerdict];
        } catch {
          return [];
        }
      });
  }
}

/** What a judged session's verdict takes from its report (its findings; no report: none, and why, if known). */
export function judgedFields(
  report: Report | undefined,
  error?: string,
): Pick<SessionVerdict, "findings" | "revision" | "verdict" | "capture" | "totals" | "error"> {
  const fields: ReturnType<typeof judgedFields> = { findings: report ? verdictFindings(report) : [] };
  if (report) {
    fields.revision = report.revision;
    fields.verdict = report.verdict;
    fields.capture = report.capture;
    fields.totals = report.totals;
  }
  if (error !== undefined) fields.error = error;
  return fields;
}

/** The fail and warn findings of a report, row by row. */
export function verdictFindings(report: Report): VerdictFinding[] {
  const out: VerdictFinding[] = [];
  for (const row of report.requirements) {
    if (row.outcome !== "fail" && row.outcome !== "warn") continue;
    for (const finding of row.findings ?? []) {
      const item: VerdictFinding = {
        requirement: row.id,
        outcome: row.outcome,
        level: row.level,
        check: finding.check,
        detail: finding.detail,
      };
      if (finding.seq !== undefined) item.seq = finding.seq;
      out.push(item);
    }
  }
  return out;
}
