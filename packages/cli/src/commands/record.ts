/**
 * `mcp-conf record stdio [opts] -- CMD…` and `mcp-conf record http --upstream URL [--listen ADDR] [opts]`: the
 * recorder's two modes as a command (docs/record.md). stdio exits with the server's code (128+n for signal n, 127
 * when it cannot be started); http runs until SIGINT, SIGTERM or SIGHUP and then exits 0; bad invocations, an
 * unwritable or existing `-o` and an address that cannot be listened on exit 2 before anything starts. All of
 * record's own output goes to stderr, since in stdio mode stdout carries the session.
 */

import { readHeldCredentials, WrapError } from "@mcp-conf/client-config";
import type { SessionEnd } from "@mcp-conf/live-judge";
import {
  type Redactor,
  recordingSummaryLines,
  recordStdioSession,
  type Sink,
  safeUrl,
  startHttpRecording,
  type ThreadTapModule,
} from "@mcp-conf/recorder";
import { escapeTerminal, isLoopbackHost } from "@mcp-conf/trace-format";
import type { Argv, Options } from "yargs";
import { EXIT, type Io, UsageError } from "../exit.js";
import {
  type ListenAddress,
  parseListen,
  parseMaxMessageBytes,
  parseSessionIdleTimeout,
  parseUpstream,
} from "../record/options.js";
import { type OtlpLogs, type OtlpLogsArgs, openOtlpLogs } from "../record/otlp-logs.js";
import { parseRedaction, type RedactionArgs, redactionOptions } from "../record/redaction.js";
import { traceTemplate, unwritableTrace } from "../record/traces.js";
import { stopSignal } from "../stop-signal.js";
import type { Command } from "./command.js";

export interface RecordArgs extends OtlpLogsArgs, RedactionArgs {
  _: (string | number)[];
  mode: string;
  command?: string[];
  output?: string;
  force: boolean;
  "max-message-bytes"?: string;
  label?: string;
  upstream?: string;
  listen?: string;
  "session-idle-timeout"?: string;
  "upstream-headers"?: string;
}

/**
 * What `watch` adds to a recording: more sinks per session (a live judge), fed the same events behind their own
 * queues, and an end-of-session step once that session's trace is complete. `record` has none.
 */
export interface SessionTap {
  /** The command's name, for the prefix of every line it prints. */
  name: string;
  /**
   * A module to run on the thread that writes a stdio session's trace (given its path), called before `sinksFor`
   * for that session: the live judge runs there, beside the writer, instead of on a thread of its own.
   */
  traceThreadTap?(session: string): (path: string) => ThreadTapModule;
  /** `trace` is the file the session's trace goes to, for the report's `trace:` line. */
  sinksFor(session: string, trace: string | undefined): Sink[];
  end(session: string, ended?: SessionEnd): Promise<void>;
  /** `--quiet`: no start line and no "trace written" line (losses and errors are still said). */
  quiet?: boolean;
  /** HTTP: the proxy is about to start; resolves once the tap is ready for its sessions (a judge pool warmed up). */
  httpStarting?(): Promise<void>;
  /** The recording is over and every session ended (a judge pool's threads end). */
  stopped?(): Promise<void>;
}

/** One proxy has one upstream and one address: given twice, these are refused rather than one silently chosen. */
export const RECORDING_UNREPEATABLE = ["upstream", "listen"] as const;

export const recordCommand: Command<RecordArgs> = {
  builder: (yargs: Argv) =>
    recordingOptions(yargs)
      .example("$0 record stdio -- node server.js", "relay a stdio server, trace in the state directory")
      .example("$0 record http --upstream http://localhost:3000/mcp -o traces/{session}.jsonl", "one file per session"),
  async run(argv, io) {
    return runRecording(argv, io);
  },
  unrepeatable: RECORDING_UNREPEATABLE,
};

/** The options `record` and `watch` share, besides the redaction's. */
const RECORDING_OPTIONS = {
  output: {
    alias: "o",
    type: "string",
    describe: "trace file; {session} in it gives one file per session (default: the state directory)",
  },
  force: { type: "boolean", default: false, describe: "overwrite an existing trace file" },
  "max-message-bytes": {
    type: "string",
    describe: "record an observed message larger than N bytes as a truncated raw event (forwarding is untouched)",
  },
  label: { type: "string", describe: "a name for the server, used in session ids" },
  upstream: { type: "string", describe: "http: the server's URL (the proxy's root path maps to it)" },
  listen: { type: "string", describe: "http: HOST:PORT to listen on (default 127.0.0.1:8080)" },
  "otlp-logs": {
    type: "string",
    describe: "also send every event as an OTLP log record to this collector (base URL, or the full /v1/logs URL)",
  },
  "otlp-logs-protocol": { type: "string", describe: "how --otlp-logs sends: http/protobuf (default) or http/json" },
  "upstream-headers": {
    type: "string",
    describe:
      "http: set these headers (a held-credentials file wrap wrote) on every request sent upstream; never recorded",
  },
  "session-idle-timeout": {
    type: "string",
    describe: "http: end a session after SECONDS with no client request and no GET stream open (default 600; 0 never)",
  },
} as const satisfies Record<string, Options>;

/** The positionals and options `record` and `watch` share. */
export function recordingOptions(yargs: Argv): Argv {
  return yargs
    .positional("mode", { type: "string", describe: "how the server is reached: stdio | http" })
    .positional("command", { type: "string", array: true, describe: "stdio: the server command, after --" })
    .options(RECORDING_OPTIONS)
    .options(redactionOptions);
}

/** Records a session in the mode `argv` names, with the tap's extra sinks when `watch` runs it. */
export async function runRecording(argv: RecordArgs, io: Io, tap?: SessionTap): Promise<number> {
  argv.command = serverCommand(argv, tap?.name ?? "record");
  const maxMessageBytes = parseMaxMessageBytes(argv["max-message-bytes"]);
  const redact = parseRedaction(argv, tap?.name ?? "record");
  if (argv.mode !== "stdio" && argv.mode !== "http") {
    throw new UsageError(`record: unknown mode ${JSON.stringify(argv.mode)} (expected stdio or http)`);
  }
  const logs = await openOtlpLogs(argv, tap?.name ?? "record");
  const settings = { maxMessageBytes, redact, logs };
  try {
    if (argv.mode === "stdio") return await recordStdio(argv, io, settings, tap);
    return await recordHttp(argv, io, settings, tap);
  } finally {
    await logs?.close();
  }
}

/** What every recorder of the command is given, parsed before anything starts. */
interface RecorderSettings {
  maxMessageBytes: number | undefined;
  redact: Redactor | undefined;
  /** `--otlp-logs`: a sink per session for the OTLP log exporter. */
  logs: OtlpLogs | undefined;
}

/** Records in one mode (stdio or http) until it ends; resolves to the exit code. */
type ModeRecorder = (argv: RecordArgs, io: Io, settings: RecorderSettings, tap?: SessionTap) => Promise<number>;

const recordStdio: ModeRecorder = async (argv, io, settings, tap) => {
  const prefix = prefixOf(tap);
  if (argv.upstream !== undefined || argv.listen !== undefined) {
    throw new UsageError("record stdio: --upstream and --listen belong to record http");
  }
  if (argv["upstream-headers"] !== undefined) {
    throw new UsageError("record stdio: --upstream-headers belongs to record http");
  }
  const [command, ...args] = (argv.command ?? []).map(String);
  if (command === undefined || command === "") {
    throw new UsageError(
      "record stdio: name the server command after --, e.g. mcp-conf record stdio -- node server.js",
    );
  }
  let result: Awaited<ReturnType<typeof recordStdioSession>>;
  try {
    result = await recordStdioSession({
      command,
      args,
      ...sessionSettings(argv, io, settings, tap),
      ...(tap?.traceThreadTap ? { traceThreadTap: tap.traceThreadTap } : {}),
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  } catch (error) {
    throw unwritableTrace(error);
  }
  if (result.spawnError !== undefined) io.stderr.write(`${prefix} ${escapeTerminal(result.spawnError)}\n`);
  const serverExit = result.spawnError === undefined ? { serverExit: result.exitCode } : {};
  await tap?.end(result.session, { ...serverExit, stats: result.stats });
  for (const line of recordingSummaryLines(result.stats, prefix, tap?.quiet))
    io.stderr.write(`${escapeTerminal(line)}\n`);
  return result.exitCode;
};

const recordHttp: ModeRecorder = async (argv, io, settings, tap) => {
  const prefix = prefixOf(tap);
  if ((argv.command ?? []).length > 0) {
    throw new UsageError("record http: takes no command; the server is reached at --upstream");
  }
  const upstream = parseUpstream(argv.upstream);
  const listen = parseListen(argv.listen);
  const sessionIdleMs = parseSessionIdleTimeout(argv["session-idle-timeout"], tap?.name ?? "record");
  const upstreamHeaders = heldHeaders(argv["upstream-headers"], tap?.name ?? "record");
  const perSession = sessionSettings(argv, io, settings, tap);
  let tracesChecked = false;
  let recording: Awaited<ReturnType<typeof startHttpRecording>>;
  try {
    recording = await startHttpRecording({
      upstream,
      listen,
      ...perSession,
      name: prefix.slice(0, -1),
      ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }),
      ...(upstreamHeaders === undefined ? {} : { upstreamHeaders }),
      onError: (message) => io.stderr.write(`${prefix} ${escapeTerminal(message)}\n`),
      // Each session is ended (judged, under watch) and summed up once: DELETE, its stream closed, idle, stop.
      onSessionEnd: async ({ session, stats }) => {
        await tap?.end(session, { stats });
        for (const line of recordingSummaryLines(stats, prefix, tap?.quiet))
          io.stderr.write(`${escapeTerminal(line)}\n`);
      },
      beforeListen: async () => {
        tracesChecked = true;
        await tap?.httpStarting?.();
      },
    });
  } catch (error) {
    if (!tracesChecked) throw unwritableTrace(error);
    await tap?.stopped?.();
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`record http: cannot listen on ${formatListen(listen)} (${code})`);
  }
  // The stop signals are caught before the address is announced, so a signal sent on seeing it stops us cleanly.
  const stopped = stopSignal();
  if (!isLoopbackHost(listen.host)) {
    io.stderr.write(
      `${prefix} warning: listening on ${listen.host}, which is not a loopback address: anyone who can reach it can send requests through it to ${safeUrl(upstream)}\n`,
    );
  }
  io.stderr.write(`${prefix} proxying ${recording.url} to ${safeUrl(upstream)} (stop with Ctrl-C)\n`);
  await stopped;
  const { sessionsEnded } = await recording.close(); // ends the sessions still open, and waits for each one's end
  await tap?.stopped?.();
  if (sessionsEnded === 0) io.stderr.write(`${prefix} no session was recorded\n`);
  else if (tap && !tap.quiet) io.stderr.write(`${prefix} ${sessionsEnded} session(s) ended, each judged once\n`);
  return EXIT.ok;
};

/**
 * What both modes give the recorder for each session: its label, where its trace goes, the redaction, the start line
 * (unless quiet), and its other sinks (the tap's, `--otlp-logs`).
 */
function sessionSettings(
  argv: RecordArgs,
  io: Io,
  { maxMessageBytes, redact, logs }: RecorderSettings,
  tap?: SessionTap,
) {
  const prefix = prefixOf(tap);
  return {
    label: argv.label,
    trace: traceTemplate(argv.output, process.env),
    force: argv.force,
    maxMessageBytes,
    redact,
    onSessionStart(session: string, trace: string | undefined) {
      if (!tap?.quiet) io.stderr.write(startLine(prefix, session, trace));
    },
    sinksFor: (session: string, trace: string | undefined): Sink[] => [
      ...(tap?.sinksFor(session, trace) ?? []),
      ...(logs ? [logs.sink()] : []),
    ],
  };
}

/** The line that names a session as it starts and where its trace goes (absolute), so a client's log shows both. */
function startLine(prefix: string, session: string, path: string | undefined): string {
  return `${prefix} session ${escapeTerminal(session)} recording to ${escapeTerminal(path ?? "")}\n`;
}

function prefixOf(tap: SessionTap | undefined): string {
  return `mcp-conf ${tap?.name ?? "record"}:`;
}

/** The command line after `--`: yargs gives it partly as the positional and partly in `_` after the command's name. */
export function serverCommand(argv: { _: (string | number)[]; command?: string[] }, name: string): string[] {
  const afterDashes = argv._.map(String);
  const recordAt = afterDashes.indexOf(name);
  if (recordAt !== -1) afterDashes.splice(recordAt, 1);
  return [...(argv.command ?? []).map(String), ...afterDashes];
}

function formatListen(listen: ListenAddress): string {
  return listen.host.includes(":") ? `[${listen.host}]:${listen.port}` : `${listen.host}:${listen.port}`;
}

/** `--upstream-headers FILE`: the headers of a held-credentials file (yours only), or a one-line usage error. */
function heldHeaders(file: string | undefined, command: string): Record<string, string> | undefined {
  if (file === undefined) return undefined;
  try {
    return readHeldCredentials(file).headers;
  } catch (error) {
    if (error instanceof WrapError) throw new UsageError(`${command} http: --upstream-headers: ${error.message}`);
    throw error;
  }
}
