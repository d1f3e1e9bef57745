/**
 * Runs an HTTP recording proxy as `mcp-conf record http` does: one trace file per session from a path template
 * (checked before the proxy listens), the session's other sinks (a live judge, an OTLP exporter) fed the same events,
 * and each session told once when it ends and its trace is complete. With redaction, every session's trace is written
 * and redacted on one thread shared by all of them, and a session's other sinks are fed the events it redacted:
 * nothing redacts on the proxy's thread.
 */
import { type HttpProxyOptions, type HttpProxyStats, startHttpProxy } from "../http-proxy.js";
import type { SessionEnding } from "../http-sessions.js";
import { sessionLabel } from "../server-name.js";
import { sessionFiles } from "../session-files.js";
import type { Sink } from "../sink.js";
import { type TraceFileSink, TraceFileThread } from "../trace-file-thread.js";
import type { RecordingSessionHooks } from "./stdio-recording.js";
import { checkTraceDirectory, openSharedTraceFile, openTraceFile } from "./trace-files.js";

export interface HttpRecordingOptions
  extends RecordingSessionHooks,
    Omit<HttpProxyOptions, "sinkForSession" | "extraSinks" | "onSessionEnd"> {
  /**
   * The traces' path template: with `{session}` one file per session; without it the first session writes the file
   * and each later one the file with `.{session}` before its extension (`sessionFiles`). An existing file is kept
   * unless `force`.
   */
  trace: string;
  force?: boolean;
  /** Called once the trace destination is checked, before the proxy listens (a judge pool warms up). */
  beforeListen?(): Promise<void>;
  /** A session ended and its trace is complete; `close()` waits for what this returns. */
  onSessionEnd?(ending: SessionEnding): void | Promise<void>;
}

export interface HttpRecording {
  /** The proxy's base URL as clients reach it. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops the proxy, ends the sessions still open (waiting for each `onSessionEnd`) and closes every trace. */
  close(): Promise<HttpRecordingStats>;
}

export interface HttpRecordingStats extends HttpProxyStats {
  /** Sessions that ended, each told to `onSessionEnd` once. */
  sessionsEnded: number;
}

/**
 * Starts the proxy; resolves once it listens. Throws before it listens when the traces cannot be written
 * (`TraceDirectoryError`, trace-format's `TraceWriterError`) or the address cannot be listened on.
 */
export async function startHttpRecording(options: HttpRecordingOptions): Promise<HttpRecording> {
  const { trace, force = false, sinksFor, onSessionStart, beforeListen, onSessionEnd, label, ...proxy } = options;
  checkTraceDirectory(trace);
  const files = options.redact === undefined ? undefined : new TraceFileThread();
  let fileFor: (session: string) => Sink;
  try {
    fileFor = sessionFiles(trace, (template, session) =>
      files ? openSharedTraceFile(files, template, { force, session }) : openTraceFile(template, { force, session }),
    );
  } catch (error) {
    await files?.close();
    throw error;
  }
  const sinkForSession = ({ session }: { session: string }): Sink[] => {
    const file = fileFor(session);
    onSessionStart?.(session, file.path);
    const others = [...(sinksFor?.(session, file.path) ?? [])];
    if (!("feed" in file)) return [file, ...others];
    (file as TraceFileSink).feed(others);
    return [file];
  };
  let sessionsEnded = 0;
  await beforeListen?.();
  let started: Awaited<ReturnType<typeof startHttpProxy>>;
  try {
    started = await startHttpProxy({
      ...proxy,
      label: label === undefined ? undefined : sessionLabel(label, undefined),
      sinkForSession,
      onSessionEnd: async (ending) => {
        sessionsEnded++;
        await onSessionEnd?.(ending);
      },
    });
  } catch (error) {
    await files?.close();
    throw error;
  }
  return {
    url: started.url,
    host: started.host,
    port: started.port,
    async close() {
      const stats = await started.close();
      await files?.close();
      return { ...stats, sessionsEnded };
    },
  };
}
