/**
 * Records one stdio session as `mcp-conf record stdio` does: the server started behind the byte-transparent relay,
 * its label read off its command line unless given, the trace written on a worker thread (beside an optional tap,
 * such as a live judge) to a file chosen by a path template, and the session's other sinks fed the same events.
 */
import type { ThreadTapModule } from "../file-sink-thread.js";
import type { Redactor } from "../privacy/redact.js";
import { generateSessionId } from "../recorder.js";
import { sessionLabel } from "../server-name.js";
import type { Sink } from "../sink.js";
import { runStdioRelay, type StdioRelayResult } from "../stdio-relay.js";
import { openTraceFile } from "./trace-files.js";

/** What the sessions of a recording are given besides their trace file, and told as they start. */
export interface RecordingSessionHooks {
  /** The session's other sinks (a live judge, an OTLP exporter), given its id and its trace file. */
  sinksFor?(session: string, trace: string | undefined): readonly Sink[];
  /** The session starts: its id and its trace file (absolute when the template is). */
  onSessionStart?(session: string, trace: string | undefined): void;
}

export interface StdioRecordingOptions extends RecordingSessionHooks {
  command: string;
  args?: readonly string[];
  /** The session's label; default the server's own name read off its command line (`sessionLabel`). */
  label?: string;
  /** The trace's path template (`{session}`: the session id). An existing file is kept unless `force`. */
  trace: string;
  force?: boolean;
  maxMessageBytes?: number;
  redact?: Redactor;
  /** A module to run on the trace's writer thread beside the writer (a live judge), given the trace's path. */
  traceThreadTap?(session: string): ((path: string) => ThreadTapModule) | undefined;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

export interface StdioRecordingResult extends StdioRelayResult {
  session: string;
  label: string;
  /** The trace file written. */
  trace: string | undefined;
}

/**
 * Runs the server and records its session until it ends. Throws before the server starts when the trace cannot be
 * written (`TraceDirectoryError`, trace-format's `TraceWriterError`).
 */
export async function recordStdioSession(options: StdioRecordingOptions): Promise<StdioRecordingResult> {
  const { command, args = [] } = options;
  const label = sessionLabel(options.label, command, args);
  const session = generateSessionId(label);
  const tap = options.traceThreadTap?.(session);
  const sink = openTraceFile(options.trace, {
    session,
    force: options.force ?? false,
    threaded: true,
    ...(tap ? { tap } : {}),
  });
  options.onSessionStart?.(session, sink.path);
  const result = await runStdioRelay({
    command,
    args: [...args],
    sink,
    extraSinks: [...(options.sinksFor?.(session, sink.path) ?? [])],
    label,
    session,
    maxMessageBytes: options.maxMessageBytes,
    redact: options.redact,
    stdin: options.stdin,
    stdout: options.stdout,
    stderr: options.stderr,
  });
  return { ...result, session, label, trace: sink.path };
}
