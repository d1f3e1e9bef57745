/**
 * The sinks a recorder can feed: a trace file (through trace-format's writer, with `{session}` in its name), a
 * callback, and a fan-out of several. Each is wrapped by the recorder in its own bounded queue, so a fan-out of a
 * fast file and a slow callback loses only the callback's observations.
 */
import { openTraceWriter, type TraceEvent, type TraceWriter } from "@mcp-conf/trace-format";
import type { SessionInfo, Sink } from "./sink.js";

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
}

/** Writes events as JSON Lines to `pathTemplate` (`{session}` replaced by the session id). */
export function fileSink(pathTemplate: string, options: FileSinkOptions = {}): Sink {
  let writer: TraceWriter | undefined;
  const errors: string[] = [];
  const open = (session: string) => {
    if (writer) return;
    writer = openTraceWriter(pathTemplate, {
      force: options.force ?? false,
      sibling: options.sibling ?? false,
      session,
      flush: options.flush === "line" ? "line" : "none",
      onError: (error) => {
        if (errors.length < 20) errors.push(error.message);
      },
    });
  };
  if (options.session !== undefined) open(options.session);
  return {
    name: "file",
    open(info: SessionInfo) {
      open(info.session);
    },
    write(event: TraceEvent) {
      if (!writer) throw new Error("file sink written before it was opened");
      writer.write(event);
    },
    flush() {
      if (options.flush !== "batch") writer?.flush();
    },
    async close() {
      await writer?.close();
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
