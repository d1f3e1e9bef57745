/**
 * `mcp-conf watch stdio [opts] -- CMD…` and `mcp-conf watch http --upstream URL [--listen ADDR] [opts]`: `record`
 * with a live judge on each session (docs/watch.md). Findings, the tally and the end-of-session report go to
 * stderr — in stdio mode stdout carries the session; `--report FILE` sends the report to a file and `--quiet` keeps
 * only findings and the tally, for a wrapper whose stderr is a client's log. Exit codes are record's.
 */

import { resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { type LiveView, type ReplayTarget, startLiveView } from "@mcp-conf/export";
import { LiveSessions } from "@mcp-conf/live-judge";
import {
  OtlpConfigError,
  otlpSessionOutput,
  parseOtlpHeaders,
  plaintextCollectorWarning,
  resolveTracesUrl,
} from "@mcp-conf/otel-mapper";
import { checkTraceDirectory, SESSION_PLACEHOLDER } from "@mcp-conf/recorder";
import { sanitizeSessionId } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { type Io, UsageError } from "../exit.js";
import { writeOutput } from "../output.js";
import { parseJudgeThreads } from "../record/options.js";
import { unwritableTrace } from "../record/traces.js";
import { actorOption, allRowsOption, parseActor, useColor } from "../report-options.js";
import { cachedJudgeTap, WATCH_V8_FLAGS } from "../startup/judge-tap.js";
import type { Command } from "./command.js";
import { RECORDING_UNREPEATABLE, type RecordArgs, recordingOptions, runRecording, serverCommand } from "./record.js";
import { checkedRevision } from "./revision-option.js";

interface WatchArgs extends RecordArgs {
  revision?: string;
  actor: string;
  all: boolean;
  otlp?: string;
  "otlp-header"?: string[];
  ui?: string;
  report?: string;
  quiet: boolean;
  "judge-threads"?: string;
}

/** Test hook, documented in docs/watch.md: every judging pass also sleeps this many ms. */
const SLOW_PASS_ENV = "MCP_CONF_WATCH_SLOW_PASS_MS";

export const watchCommand: Command<WatchArgs> = {
  builder: (yargs: Argv) =>
    allRowsOption(actorOption(recordingOptions(yargs)))
      .option("revision", { type: "string", describe: "judge at this protocol revision, whatever the trace declares" })
      .option("otlp", {
        type: "string",
        describe: "send one span per exchange to this OTLP/HTTP collector (base URL, or the full /v1/traces URL)",
      })
      .option("ui", {
        type: "string",
        describe: "serve the live view on 127.0.0.1 (any free port, or PORT); its URL is printed on stderr",
      })
      .option("report", {
        type: "string",
        describe: "write the end-of-session report to FILE ({session} gives one per session) instead of stderr",
      })
      .option("quiet", {
        type: "boolean",
        default: false,
        describe: "print only findings and the final tally (no start line, report or trace line)",
      })
      .option("judge-threads", {
        type: "string",
        describe: "http: judge every session on N threads (default: the cores available)",
      })
      .option("otlp-header", {
        type: "string",
        array: true,
        // One value per flag: an array option would otherwise swallow the words after it, the mode among them.
        nargs: 1,
        describe: "NAME=VALUE header for the collector (repeatable)",
      })
      .example("$0 watch stdio -- node server.js", "wrap a stdio server in your client's MCP configuration")
      .example("$0 watch http --upstream http://localhost:3000/mcp", "point your client at http://127.0.0.1:8080/"),
  async run(argv, io) {
    if (argv.revision !== undefined) checkedRevision("watch", argv.revision);
    // A watch runs for days beside a server: each heap (this thread's, the trace thread's) may grow by a fifth of its
    // live size before V8 collects (WATCH_V8_FLAGS), not by the default factor of up to 4x, so memory stays flat over a
    // long session (bench/watch: peak RSS at 1,000,000 notifications within 1.2x of its peak at 100,000). V8 reads it
    // at every collection, so setting it now covers the threads started after.
    setFlagsFromString(WATCH_V8_FLAGS);
    const otlp = argv.otlp === undefined ? undefined : collector(argv.otlp, argv["otlp-header"] ?? []);
    if (otlp?.warning) io.stderr.write(`mcp-conf watch: ${otlp.warning}\n`);
    const report = argv.report === undefined ? undefined : reportWriter(argv.report, io);
    const slowPassMs = Number(process.env[SLOW_PASS_ENV] ?? 0);
    // The live view's replay goes to the server this watch was given (never to one a trace names).
    const replayTarget =
      argv.mode === "stdio"
        ? { command: serverCommand(argv, "watch") }
        : argv.upstream === undefined
          ? undefined
          : { upstream: argv.upstream };
    const view = argv.ui === undefined ? undefined : await liveView(uiPort(argv.ui), io, replayTarget);
    const actor = parseActor("watch", argv.actor);
    const judgeThreads = parseJudgeThreads(argv["judge-threads"]);
    const live = new LiveSessions(io.stderr, {
      ...(argv.revision === undefined ? {} : { revision: argv.revision }),
      actor,
      reportRows: argv.all ? "all" : "problems",
      color: argv.report === undefined && useColor(io.stderr), // a report file gets no colour codes
      ...(slowPassMs > 0 ? { slowPassMs } : {}),
      // What each session feeds besides the terminal: `--otlp` spans, and the `--ui` view (which follows it).
      outputs: () => [...(otlp ? [otlpSessionOutput(otlp)] : []), ...(view ? [view.sessionOutput()] : [])],
      tapModule: cachedJudgeTap,
      ...(report ? { report } : {}),
      quiet: argv.quiet,
      ...(judgeThreads === undefined ? {} : { judgeThreads }),
    });
    try {
      return await runRecording(
        argv,
        { ...io, stderr: live.printer.shared() },
        {
          name: "watch",
          traceThreadTap: (session) => live.traceThreadTap(session),
          sinksFor: (session, trace) => live.sinksFor(session, trace),
          end: (session, ended) => live.end(session, ended),
          httpStarting: () => live.startPool(),
          stopped: () => live.stop(),
          quiet: argv.quiet,
        },
      );
    } finally {
      const dropped = (await view?.close())?.dropped ?? 0;
      if (dropped > 0) io.stderr.write(`mcp-conf watch: live view: ${dropped} update(s) skipped for a slow page\n`);
    }
  },
  unrepeatable: RECORDING_UNREPEATABLE,
};

/**
 * `--report FILE`, its directory checked before anything starts: each session's report is written through a temporary
 * file to FILE (`{session}` expanded; without it, the latest session's report replaces the last one).
 */
function reportWriter(file: string, io: Io): (session: string, text: string) => string {
  if (file === "") throw new UsageError("watch: --report needs a file name");
  const template = resolve(file);
  try {
    checkTraceDirectory(template, "the report");
  } catch (error) {
    throw unwritableTrace(error);
  }
  return (session, text) => {
    const path = template.split(SESSION_PLACEHOLDER).join(sanitizeSessionId(session));
    writeOutput("watch: --report", path, text, io);
    return path;
  };
}

/** `--otlp` and `--otlp-header`, checked before anything starts; a bad one is a usage error. */
function collector(otlp: string, headerValues: string[]) {
  try {
    const url = resolveTracesUrl(otlp);
    return { url, headers: parseOtlpHeaders(headerValues), warning: plaintextCollectorWarning(url) };
  } catch (error) {
    if (error instanceof OtlpConfigError) throw new UsageError(`watch: ${error.message}`);
    throw error;
  }
}

/** The `--ui` value as a port: empty for any free port, else 0–65535. */
function uiPort(value: string | number | boolean): number {
  if (value === "" || value === true) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`watch: --ui takes a port number (0-65535), not ${JSON.stringify(String(value))}`);
  }
  return port;
}

/** `--ui`: the live view on 127.0.0.1, its URL (with the token that opens it) on stderr. */
async function liveView(port: number, io: Io, replay: ReplayTarget | undefined): Promise<LiveView> {
  let view: LiveView;
  try {
    view = await startLiveView({ port, ...(replay ? { replay } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new UsageError(`watch: --ui: cannot listen on 127.0.0.1:${port} (${code})`);
  }
  io.stderr.write(`mcp-conf watch: live view at ${view.url}\n`);
  return view;
}
