/**
 * What a live watch prints (`mcp-conf watch` on stderr) while a session runs and when it ends. On a terminal the tally is one line rewritten
 * in place after every pass; in a log it is printed after each batch of new findings. Findings and the report are
 * formatted by the live judge (seed 000's layout); this only decides where and when the lines go.
 */
import { Writable } from "node:stream";
import { escapeTerminal, type TraceEvent } from "@mcp-conf/trace-format";
import { formatFinding, formatTally, formatWithdrawn } from "./format.js";
import type { LivePass, LiveSummary } from "./live-judge.js";

const CLEAR_LINE = "\r\u001b[K";

/** The response headers that say why a request was refused. */
const EXPLAINING_HEADERS = ["www-authenticate", "retry-after", "location"];

/** Where the end-of-session report goes instead of stderr. */
export interface ReportDestination {
  /** `--quiet`: no report on stderr. */
  quiet: boolean;
  /** `--report FILE` wrote it here. */
  writtenTo?: string;
  /** `--report FILE` could not be written. */
  failed?: string;
}

export class LivePrinter {
  private tallyShown = false;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly tty: boolean,
    private readonly prefix = "mcp-conf watch",
  ) {}

  /** A pass of the live judge: its new findings, then the tally. */
  pass(update: LivePass): void {
    if (!this.tty && update.findings.length === 0) return;
    let text = this.clearTally();
    for (const finding of update.findings) text += formatFinding(finding, this.prefix);
    text += formatTally(update.tally, this.prefix);
    if (this.tty) this.tallyShown = true;
    else text += "\n";
    this.out.write(text);
  }

  /** Judging stopped; the session goes on. */
  error(message: string): void {
    this.out.write(`${this.clearTally()}${this.prefix}: cannot judge this session: ${message}\n`);
  }

  /**
   * The end: findings only the whole trace showed, the report exactly as `validate` prints it (or where `--report`
   * wrote it; nothing with `--quiet`), the live findings the report withdrew, and the tally once more.
   */
  end(summary: LiveSummary, report: ReportDestination = { quiet: false }): void {
    let text = this.clearTally();
    for (const finding of summary.endFindings) text += formatFinding(finding, this.prefix);
    if (summary.error !== undefined) {
      text += `${this.prefix}: no report: ${summary.error}\n`;
    } else if (report.failed !== undefined) {
      text += `${this.prefix}: the report was not written: ${report.failed}\n`;
    } else if (report.writtenTo !== undefined) {
      if (!report.quiet) text += `${this.prefix}: report written to ${report.writtenTo}\n`;
    } else if (summary.reportText !== undefined && !report.quiet) {
      text += `\n${summary.reportText}`;
      if (!summary.reportText.endsWith("\n")) text += "\n";
    }
    for (const finding of summary.withdrawn) text += formatWithdrawn(finding, this.prefix);
    text += `${formatTally(summary.tally, this.prefix)}\n`;
    this.out.write(text);
  }

  /**
   * The stream for everything else that goes to the same stderr (the server's stderr passed through, record's own
   * lines): the tally line is cleared before each write, so nothing is glued onto it; the next pass redraws it.
   */
  shared(): NodeJS.WritableStream {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        const clear = this.clearTally();
        if (clear !== "") this.out.write(clear);
        this.out.write(chunk, () => done());
      },
    });
  }

  /**
   * An HTTP error status on its way to the client (401, 403, 404, 502, …), the moment it passes: auth and routing
   * problems stop a session before any clause can be judged, so they are said live, with the headers that explain
   * them (`WWW-Authenticate` on a 401). Responses the proxy made itself (`proxy: true`) are said to be ours.
   */
  httpError(event: TraceEvent): void {
    if (event.kind !== "http" || event.direction !== "server-to-client" || (event.status ?? 0) < 400) return;
    const headers = event.headers ?? {};
    const explain = EXPLAINING_HEADERS.flatMap((name) => {
      const value = headers[name];
      return value === undefined ? [] : [`${name}: ${value}`];
    });
    const from = (event as { proxy?: boolean }).proxy === true ? "mcp-conf's proxy" : "the server";
    const detail = explain.length > 0 ? ` (${explain.join("; ")})` : "";
    this.note(`HTTP ${event.status} from ${from} at seq ${event.seq}${escapeTerminal(detail)}`);
  }

  /** A line of the watch's own (`otlp: 12 span(s) exported, …`). */
  note(text: string): void {
    this.out.write(`${this.clearTally()}${this.prefix}: ${text}\n`);
  }

  private clearTally(): string {
    if (!this.tallyShown) return "";
    this.tallyShown = false;
    return CLEAR_LINE;
  }
}
