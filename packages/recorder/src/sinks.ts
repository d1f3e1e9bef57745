/**
 * The sinks a recorder can feed: a trace file (through trace-format's writer, with `{session}` in its name), a
 * callback, and a fan-out of several. Each is wrapped by the recorder in its own bounded queue, so a fan-out of a
 * fast file and a slow callback loses only the callback's observations.
 */
import { openTraceWriter, type TraceEvent, type TraceWriter } from "@mcp-conf/trace-format";
import type { LineRecord } from "./line-event.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";
import type { RecorderSink, SessionInfo, Sink } from "./sink.js";
import { TraceLines } from "./trace-lines.js";

export interface FileSinkOptions {
  /** Overwrite an existing file. Without it an existing file is refused when the sink opens. */
  force?: boolean;
  /** An existing file is kept and the trace goes to a numbered sibling (`NAME-2.jsonl`, …) instead of refused. */
  sibling?: boolean;
  /**
   * The session id for `{session}`. Given here, the file opens at once (so errors surface before anything
   * starts); otherwise it opens when the recorder tells it its session.
   */
  session?: string;
  /**
   * "slice" (default) writes the events of each slice the queue drains in one write, at the end of the slice — on
   * disk a fraction of a millisecond after they were drained, for one system call per slice instead of per line;
   * "line" writes each event as it is drained; "batch" gathers up to 64 KiB before writing.
   */
  flush?: "slice" | "line" | "batch";
  /**
   * Events reach the file up to this many milliseconds after they were observed (default 10): the queue gathers
   * them meanwhile, so an HTTP exchange's request and response, or several round trips, cost one write, not one each.
   * 0 hands them over at the next turn of the loop.
   */
  gatherMs?: number;
}

/** Default `gatherMs`. */
const GATHER_MS = 10;

/** With `flush: "batch"`, lines are gathered until this much is waiting. */
const BATCH_BYTES = 64 * 1024;

/**
 * Writes events as JSON Lines to `pathTemplate` (`{session}` replaced by the session id). An observed line is
 * written from its bytes (`writeObserved`): a plain JSON line's own bytes are its payload, never parsed and
 * serialised again.
 */
export function fileSink(pathTemplate: string, options: FileSinkOptions = {}): Sink {
  let writer: TraceWriter | undefined;
  let redactor: Redactor | undefined;
  const errors: string[] = [];
  const noteError = (message: string) => {
    if (errors.length < 20) errors.push(message);
  };
  const gathered = new TraceLines(noteError);
  const open = (session: string) => {
    if (writer) return;
    writer = openTraceWriter(pathTemplate, {
      force: options.force ?? false,
      sibling: options.sibling ?? false,
      session,
      onError: (error) => noteError(error.message),
    });
  };
  const opened = (): TraceWriter => {
    if (!writer) throw new Error("file sink written before it was opened");
    return writer;
  };
  /** After each line: written at once with `flush: "line"`, else when the batch is full (or at `flush()`). */
  const settle = (to: TraceWriter) => {
    if (options.flush === "line" || gathered.size >= BATCH_BYTES) gathered.writeTo(to);
  };
  if (options.session !== undefined) open(options.session);
  const sink: RecorderSink = {
    name: "file",
    gatherMs: options.gatherMs ?? GATHER_MS,
    open(info: SessionInfo) {
      open(info.session);
      if (info.redaction) redactor = compileRedaction(info.redaction);
    },
    write(event: TraceEvent) {
      const to = opened();
      gathered.event(event);
      settle(to);
    },
    writeObserved(line: LineRecord) {
      const to = opened();
      gathered.observed(line, redactor);
      settle(to);
    },
    flush() {
      if (writer && options.flush !== "batch") gathered.writeTo(writer);
    },
    async close() {
      if (!writer) return;
      gathered.writeTo(writer);
      await writer.close();
    },
    get path() {
      return writer?.path;
    },
    get written() {
      return writer?.written ?? 0;
    },
    get errors() {
      return errors;
    },
  };
  return sink;
}

/** Calls `fn` with every event, in seq order. A returned promise holds back the next event, never the session. */
export function callbackSink(fn: (event: TraceEvent) => void | Promise<void>, name = "callback"): Sink {
  return { name, write: fn, close() {} };
}

/** Several sinks fed the same events; the recorder gives each its own queue. */
export interface FanOutSink extends Sink {
  readonly sinks: readonly Sink[];
}

export function fanOut(...sinks: Sink[]): FanOutSink {
  return {
    name: "fan-out",
    sinks: sinks.flatMap((s) => (isFanOut(s) ? s.sinks : [s])),
    write() {
      throw new Error("a fan-out is unpacked by the recorder and never written directly");
    },
    close() {},
  };
}

export function isFanOut(sink: Sink): sink is FanOutSink {
  return Array.isArray((sink as Partial<FanOutSink>).sinks);
}
