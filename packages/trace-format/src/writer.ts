/**
 * Writing a trace file: one event per line, `seq` assigned by this single writer, flushed line by line by default.
 * Opening is the only step that throws (the file exists, or cannot be created); once open, a failing write is
 * counted and reported to `onError`, never thrown into the session that is being recorded. A write that fails half
 * way (a disk full for a moment) must not leave a torn line for the next event to be glued to: a regular file is cut
 * back to its last complete line, and anything else (a pipe, a device) gets a line break before the next event.
 */
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, extname } from "node:path";
import { serializeEvent } from "./serialize.js";
import type { TraceEvent, TraceEventInput } from "./types.js";

export interface TraceWriterOptions {
  /** Overwrite an existing file (default: refuse). */
  force?: boolean;
  /**
   * An existing file is neither overwritten nor refused: the trace goes to the first free numbered sibling
   * (`NAME-2.jsonl`, `NAME-3.jsonl`, …), so a session is never dropped for its name. Ignored with `force`.
   */
  sibling?: boolean;
  /** The session id that replaces `{session}` in the path (sanitised for a file name). */
  session?: string;
  /** "line" (default) writes each event as it comes; "none" batches lines in memory up to 64 KiB. */
  flush?: "line" | "none";
  /** Called with each write failure (I/O error, refused event, write after close). */
  onError?: (error: Error) => void;
}

export interface TraceWriter {
  /** The file being written, with `{session}` expanded. */
  readonly path: string;
  /** Writes one event, assigning `seq` when it has none; returns the event as written. Never throws. */
  write(event: TraceEventInput | TraceEvent): TraceEvent;
  /**
   * Writes one event that its maker has already serialised as a trace line (without the newline), with its `seq`:
   * for a recorder that builds lines itself. Never throws.
   */
  writeLine(seq: number, line: string): void;
  /**
   * Writes `count` trace lines that their maker has already serialised as UTF-8 bytes, each ending in `\n`, with
   * seqs from `first` to `last`; gathered lines are written out first. One write for the lot. Never throws.
   */
  writeLines(lines: Uint8Array, count: number, seqs: { first: number; last: number }): void;
  /** Writes out the lines gathered so far (with `flush: "none"`); a no-op when each line is written as it comes. */
  flush(): void;
  /** Flushes and closes the file; later writes are errors. */
  close(): Promise<void>;
  /** Events written so far. */
  readonly written: number;
  /** Failures so far (each also passed to `onError`). */
  readonly errors: number;
}

export type TraceWriterErrorCode = "exists" | "not-writable" | "no-session";

/** Why a trace file could not be opened; the message is one line, fit to print. */
export class TraceWriterError extends Error {
  override readonly name = "TraceWriterError";
  constructor(
    readonly code: TraceWriterErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const SESSION_PLACEHOLDER = "{session}";
const MAX_SESSION_NAME = 128;
const BATCH_BYTES = 64 * 1024;
const NEWLINE = Buffer.from("\n");

/** A session id made safe as a file name: `[A-Za-z0-9._-]` kept, anything else `_`, no leading dot, ≤ 128 chars. */
export function sanitizeSessionId(session: string): string {
  const safe = session
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\./, "_")
    .slice(0, MAX_SESSION_NAME);
  return safe === "" ? "_" : safe;
}

function expandPath(template: string, session: string | undefined): string {
  if (!template.includes(SESSION_PLACEHOLDER)) return template;
  if (session === undefined) {
    throw new TraceWriterError("no-session", template, `the trace path ${template} has {session} but no session id`);
  }
  return template.split(SESSION_PLACEHOLDER).join(sanitizeSessionId(session));
}

function systemCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** A trace holds other people's traffic: only its owner may read it (directories we create: 0700, files: 0600). */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

function openExclusive(path: string, force: boolean): number {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: DIRECTORY_MODE });
    return openSync(path, force ? "w" : "wx", FILE_MODE);
  } catch (error) {
    const code = systemCode(error);
    if (code === "EEXIST") {
      throw new TraceWriterError("exists", path, `the trace file ${path} already exists (use force to overwrite it)`);
    }
    const why = code ?? asError(error).message;
    throw new TraceWriterError("not-writable", path, `cannot create the trace file ${path} (${why})`);
  }
}

const MAX_SIBLINGS = 10_000;

/** `NAME-n.EXT` beside `NAME.EXT`. */
function numberedSibling(path: string, n: number): string {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}-${n}${ext}`;
}

/** Opens `path`, or with `sibling` the first numbered sibling free when `path` exists (each try is exclusive). */
function openFree(path: string, force: boolean, sibling: boolean): { fd: number; opened: string } {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? path : numberedSibling(path, n);
    try {
      return { fd: openExclusive(candidate, force), opened: candidate };
    } catch (error) {
      if (!sibling || n >= MAX_SIBLINGS || !(error instanceof TraceWriterError) || error.code !== "exists") throw error;
    }
  }
}

/** The file calls the writer makes, passed in so a test can make one fail half way, as a full disk does. */
export interface WriterFiles {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position?: number | null): number;
  ftruncateSync(fd: number, length: number): void;
  isRegularFile(fd: number): boolean;
}

const NODE_FILES: WriterFiles = {
  writeSync: (fd, buffer, offset, length, position) => writeSync(fd, buffer, offset, length, position),
  ftruncateSync,
  isRegularFile: (fd) => fstatSync(fd).isFile(),
};

class FileTraceWriter implements TraceWriter {
  written = 0;
  errors = 0;
  private fd: number | undefined;
  private lastSeq = -1;
  private batch = "";
  private batchEvents = 0;
  /** Regular files: bytes of complete lines in the file, where the next write goes. */
  private complete = 0;
  private readonly seekable: boolean;
  /** Not seekable: a failed write left part of a line behind. */
  private torn = false;

  constructor(
    readonly path: string,
    fd: number,
    private readonly flushEachLine: boolean,
    private readonly onError: ((error: Error) => void) | undefined,
    private readonly files: WriterFiles,
  ) {
    this.fd = fd;
    this.seekable = files.isRegularFile(fd);
  }

  write(input: TraceEventInput | TraceEvent): TraceEvent {
    const given = (input as Partial<TraceEvent>).seq;
    const next = this.lastSeq + 1;
    const event = (given === undefined ? Object.assign({ seq: next }, input, { seq: next }) : input) as TraceEvent;
    if (this.fd === undefined) {
      this.fail(new Error(`trace writer for ${this.path} is closed`));
      return event;
    }
    if (given !== undefined && !(given > this.lastSeq)) {
      this.fail(new Error(`seq ${given} is not greater than the last written seq ${this.lastSeq}`));
      return event;
    }
    let line: string;
    try {
      line = serializeEvent(event);
    } catch (error) {
      this.fail(asError(error));
      return event;
    }
    this.append(event.seq, line);
    return event;
  }

  writeLine(seq: number, line: string): void {
    if (this.fd === undefined) this.fail(new Error(`trace writer for ${this.path} is closed`));
    else if (!(seq > this.lastSeq))
      this.fail(new Error(`seq ${seq} is not greater than the last written seq ${this.lastSeq}`));
    else this.append(seq, line);
  }

  writeLines(lines: Uint8Array, count: number, seqs: { first: number; last: number }): void {
    if (this.fd === undefined) this.fail(new Error(`trace writer for ${this.path} is closed`));
    else if (!(seqs.first > this.lastSeq))
      this.fail(new Error(`seq ${seqs.first} is not greater than the last written seq ${this.lastSeq}`));
    else {
      this.flushBatch();
      this.lastSeq = seqs.last;
      if (this.writeOut(lines)) this.written += count;
    }
  }

  private append(seq: number, line: string): void {
    this.lastSeq = seq;
    if (this.flushEachLine) {
      if (this.writeOut(Buffer.from(`${line}\n`, "utf8"))) this.written++;
    } else {
      this.batch += `${line}\n`;
      this.batchEvents++;
      if (this.batch.length >= BATCH_BYTES) this.flushBatch();
    }
  }

  async close(): Promise<void> {
    if (this.fd === undefined) return;
    this.flushBatch();
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch (error) {
      this.fail(asError(error));
    }
  }

  flush(): void {
    this.flushBatch();
  }

  private flushBatch(): void {
    if (this.batch === "") return;
    const batch = this.batch;
    const events = this.batchEvents;
    this.batch = "";
    this.batchEvents = 0;
    if (this.writeOut(Buffer.from(batch, "utf8"))) this.written += events;
  }

  private writeOut(lines: Uint8Array): boolean {
    const fd = this.fd;
    if (fd === undefined) return false;
    const bytes = this.torn ? Buffer.concat([NEWLINE, lines]) : lines;
    let offset = 0;
    try {
      while (offset < bytes.length) {
        const position = this.seekable ? this.complete + offset : null;
        offset += this.files.writeSync(fd, bytes, offset, bytes.length - offset, position);
      }
      this.complete += bytes.length;
      this.torn = false;
      return true;
    } catch (error) {
      this.fail(asError(error));
      if (offset > 0) this.cutBack(fd);
      return false;
    }
  }

  /** After a write that failed part way: drop the partial line, or mark it so the next write starts a new line. */
  private cutBack(fd: number): void {
    if (!this.seekable) {
      this.torn = true;
      return;
    }
    try {
      this.files.ftruncateSync(fd, this.complete);
    } catch (error) {
      // Reported; unlikely on a file just written to, and the next write still goes to `complete`.
      this.fail(asError(error));
    }
  }

  private fail(error: Error): void {
    this.errors++;
    try {
      this.onError?.(error);
    } catch {
      // A throwing error handler must not reach the session either.
    }
  }
}

/**
 * Opens a trace file for writing: expands `{session}`, creates missing directories, and refuses an existing file
 * unless `force` is set. Throws `TraceWriterError` only here, before any event.
 */
export function openTraceWriter(
  pathTemplate: string,
  options: TraceWriterOptions = {},
  files: WriterFiles = NODE_FILES,
): TraceWriter {
  const path = expandPath(pathTemplate, options.session);
  const { fd, opened } = openFree(path, options.force === true, options.sibling === true);
  return new FileTraceWriter(opened, fd, options.flush !== "none", options.onError, files);
}
