/**
 * Where `record` writes: the trace path template (`-o`, else the state directory's `sessions/{session}.jsonl`),
 * checked before the server starts (for HTTP, which file each session writes is the recorder's `sessionFiles`). A
 * file that exists is never overwritten without `--force` (see openFileSink).
 */
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { defaultTraceTemplate } from "@mcp-conf/gate";
import {
  fileSink,
  SESSION_PLACEHOLDER,
  type Sink,
  type ThreadTapModule,
  type TraceFileSink,
  type TraceFileThread,
  threadedFileSink,
} from "@mcp-conf/recorder";
import { TraceWriterError } from "@mcp-conf/trace-format";
import { UsageError } from "../exit.js";

export const SESSION = SESSION_PLACEHOLDER;

/** The template to write to, absolute (a relative one is resolved against the working directory). */
export function traceTemplate(output: string | undefined, env: NodeJS.ProcessEnv): string {
  if (output === undefined) return resolve(defaultTraceTemplate(env));
  if (output === "") throw new UsageError("record: -o needs a file name");
  return resolve(output);
}

/**
 * Opens a file sink now, turning "cannot create" into a one-line usage error. An existing file is kept (unless
 * `force`): the trace goes to its first free numbered sibling, `NAME-2.jsonl`, … (trace-format's writer), since a
 * client launching the server a second time must not find it refusing to start, and a proxy must not lose a session
 * for its name. `threaded`: events are built and written on a worker thread, so the thread that forwards the
 * session only copies each line's bytes (the stdio relay; bench/recorder measures it against the main-thread sink);
 * `tap` then runs on that thread too (watch's live judge), given the trace's path.
 */
export function openFileSink(
  template: string,
  force: boolean,
  session: string,
  threaded = false,
  tap?: (path: string) => ThreadTapModule,
): Sink {
  checkTemplateDirectory(template);
  try {
    return threaded
      ? threadedFileSink(template, { force, session, sibling: true, ...(tap ? { tap } : {}) })
      : fileSink(template, { force, session, sibling: true });
  } catch (error) {
    if (error instanceof TraceWriterError) throw new UsageError(`record: ${error.message}`);
    throw error;
  }
}

/** As `openFileSink`, for a session written (and redacted) on `files`, the thread a proxy's sessions share. */
export function openSharedFileSink(
  files: TraceFileThread,
  template: string,
  force: boolean,
  session: string,
): TraceFileSink {
  checkTemplateDirectory(template);
  try {
    return files.sink(template, { force, session, sibling: true });
  } catch (error) {
    if (error instanceof TraceWriterError) throw new UsageError(`record: ${error.message}`);
    throw error;
  }
}

/** The template's directory must exist or be creatable, and be a writable directory, before anything starts. */
export function checkTemplateDirectory(template: string, what = "traces"): void {
  const dir = dirname(template.split(SESSION).join("probe"));
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 }); // traces are private: see trace-format's writer
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const why = code === "EEXIST" || code === "ENOTDIR" ? "it is not a directory" : code;
    throw new UsageError(`record: cannot write ${what} to ${dir} (${why})`);
  }
}
