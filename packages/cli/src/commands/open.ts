/**
 * `mcp-conf open [TRACE] [--port PORT] [--browser] [--redact-…]`: the viewer of `export -T html` served on 127.0.0.1
 * (docs/view.md): the recorded session of TRACE (a file, a session id, `-` for standard input), the same page the
 * live view of `watch --ui` shows; with no TRACE, the hub — every session of the state directory in one list, the
 * running ones live (@mcp-conf/export's DirectoryHub over @mcp-conf/gate's store, judged on one judge thread). The
 * address, with the token that opens it, goes to stderr; `--browser` also hands it to a browser. Runs until SIGINT, SIGTERM or SIGHUP, then exits 0; 2 bad invocation or unreadable trace, 3 malformed.
 */
import { collectSession, launchBrowser, serveHub, ViewerServer } from "@mcp-conf/export";
import { resolveTraceArgument, sessionsDirectory, storedSessionsStore } from "@mcp-conf/gate";
import { sharedJudge } from "@mcp-conf/live-judge";
import type { Redactor } from "@mcp-conf/recorder";
import { type ReadTraceOptions, readTrace, readTraceFile } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { EXIT, type Io, UsageError } from "../exit.js";
import { type MaxEventsArgs, maxEventsOption, readLimits } from "../max-events.js";
import { parseRedaction, type RedactionArgs, redactionOptions } from "../record/redaction.js";
import { actorOption, parseActor } from "../report-options.js";
import { stopSignal } from "../stop-signal.js";
import { traceReadFailure } from "../trace-read.js";
import type { Command } from "./command.js";
import { checkedRevision } from "./revision-option.js";

interface OpenArgs extends RedactionArgs, MaxEventsArgs {
  trace?: string;
  port?: number;
  browser: boolean;
  revision?: string;
  actor: string;
}

export const openCommand: Command<OpenArgs> = {
  builder: (yargs: Argv) =>
    actorOption(yargs)
      .positional("trace", {
        type: "string",
        describe:
          "trace file (JSONL) or session id; - reads standard input; none: every session of the state directory",
      })
      .option("port", { type: "number", describe: "listen on this port of 127.0.0.1 (default: any free port)" })
      .option("browser", { type: "boolean", default: false, describe: "also open the address in a browser ($BROWSER)" })
      .option("revision", { type: "string", describe: "judge at this protocol revision, whatever the trace declares" })
      .options(redactionOptions)
      .options(maxEventsOption)
      .example("$0 open", "every recorded session, the running ones live")
      .example("$0 open trace.jsonl --browser", "one recorded trace in your browser"),
  async run(argv, io) {
    const port = argv.port ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`open: --port takes a port number (0-65535), not ${JSON.stringify(String(argv.port))}`);
    }
    const actor = parseActor("open", argv.actor);
    if (argv.revision !== undefined) checkedRevision("open", argv.revision);
    const judging = { actor, ...(argv.revision === undefined ? {} : { revision: argv.revision }) };
    const redact = parseRedaction(argv, "open");
    const limits = readLimits("open", argv);
    if (argv.trace === undefined) {
      const hub = await listening(port, () => startHub(port, judging, redact, limits));
      io.stderr.write(`mcp-conf open: the sessions in ${sessionsDirectory()} at ${hub.url} (stop with Ctrl-C)\n`);
      return serveUntilStopped(hub, argv.browser, io);
    }
    const trace = resolveTraceArgument(String(argv.trace));
    const label = trace === "-" ? "standard input" : trace;
    let document: Awaited<ReturnType<typeof collectSession>>["document"];
    try {
      const events = trace === "-" ? readTrace(io.stdin, limits) : readTraceFile(trace, limits);
      document = (await collectSession(events, { ...judging, ...(redact ? { redact: (e) => redact.redact(e) } : {}) }))
        .document;
    } catch (error) {
      throw traceReadFailure("open", label, error);
    }
    const server = await listening(port, () => ViewerServer.start({ document }, { port, keepAlive: true }));
    io.stderr.write(`mcp-conf open: ${label} at ${server.url} (stop with Ctrl-C)\n`);
    return serveUntilStopped(server, argv.browser, io);
  },
};

/** With `--browser`, hands the address to a browser; then serves until a stop signal. */
async function serveUntilStopped(
  server: { url: string; close(): Promise<void> },
  browser: boolean,
  io: Io,
): Promise<number> {
  if (browser) {
    const problem = await launchBrowser(server.url);
    if (problem) io.stderr.write(`mcp-conf open: ${problem}; open the address yourself\n`);
  }
  await stopSignal();
  await server.close();
  return EXIT.ok;
}

/** Starts a server, turning "cannot listen" into a one-line usage error. */
async function listening<T>(port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new UsageError(`open: cannot listen on 127.0.0.1:${port} (${code})`);
  }
}

/**
 * The hub of the state directory's sessions: the gate's store (a bad entry skipped, a running trace's recorder
 * checked), and one judge thread, started when a running session's page is first followed, that every followed
 * session shares.
 */
async function startHub(
  port: number,
  judging: { revision?: string; actor: ReturnType<typeof parseActor> },
  redact: Redactor | undefined,
  limits: ReadTraceOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const judges = sharedJudge(judging);
  const served = await serveHub({
    store: storedSessionsStore(),
    port,
    judge: (options) => judges.session(options),
    limits,
    ...judging,
    ...(redact ? { redact: (event) => redact.redact(event) } : {}),
  });
  return {
    url: served.url,
    async close() {
      await served.close();
      await judges.close();
    },
  };
}
