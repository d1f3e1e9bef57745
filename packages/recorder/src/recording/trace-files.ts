/**
 * Where a recording writes its traces: the directory checked (and made, private) before anything starts, and a
 * session's file opened at once. An existing file is kept unless `force`: the trace goes to its first free numbered
 * sibling, `NAME-2.jsonl`, … (trace-format's writer), since a client launching the server a second time must not find
 * it refusing to start, and a proxy must not lose a session for its name.
 */
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { type ThreadTapModule, threadedFileSink } from "../file-sink-thread.js";
import { SESSION_PLACEHOLDER } from "../session-files.js";
import type { Sink } from "../sink.js";
import { fileSink } from "../sinks.js";
import type { TraceFileSink, TraceFileThread } from "../trace-file-thread.js";

/** A trace directory that cannot be written; the message is one line, fit to print. */
export class TraceDirectoryError extends Error {
  override readonly name = "TraceDirectoryError";
  constructor(
    readonly directory: string,
    readonly reason: string,
    what: string,
  ) {
    super(`cannot write ${what} to ${directory} (${reason})`);
  }
}

/**
 * The directory of a path template (`{session}` in it or not) must exist or be creatable (0700: traces are private),
 * and be a writable directory; else a `TraceDirectoryError` saying so about `what` (default "traces").
 */
export function checkTraceDirectory(template: string, what = "traces"): void {
  const dir = dirname(template.split(SESSION_PLACEHOLDER).join("probe"));
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new TraceDirectoryError(dir, code === "EEXIST" || code === "ENOTDIR" ? "it is not a directory" : code, what);
  }
}

export interface TraceFileOptions {
  session: string;
  /** Overwrite an existing file instead of writing to a numbered sibling. */
  force?: boolean;
  /**
   * Build and write the events on a worker thread, so the thread that forwards the session only copies each line's
   * bytes (the stdio relay; bench/recorder measures it against the main-thread sink).
   */
  threaded?: boolean;
  /** Threaded only: a module to run on that thread beside the writer (a live judge), given the trace's path. */
  tap?: (path: string) => ThreadTapModule;
}

/**
 * A session's trace file, opened now: `TraceDirectoryError` for its directory, trace-format's `TraceWriterError` for
 * the file itself.
 */
export function openTraceFile(template: string, options: TraceFileOptions): Sink {
  checkTraceDirectory(template);
  const { session, force = false, tap } = options;
  return options.threaded
    ? threadedFileSink(template, { force, session, sibling: true, ...(tap ? { tap } : {}) })
    : fileSink(template, { force, session, sibling: true });
}

/** As `openTraceFile`, for a session written (and redacted) on `files`, the thread a proxy's sessions share. */
export function openSharedTraceFile(
  files: TraceFileThread,
  template: string,
  options: Pick<TraceFileOptions, "session" | "force">,
): TraceFileSink {
  checkTraceDirectory(template);
  return files.sink(template, { force: options.force ?? false, session: options.session, sibling: true });
}
