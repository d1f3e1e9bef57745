/**
 * `mcp-conf serve [--listen HOST:PORT] [--next-hop URL] …`: the central judge of a gateway fleet (docs/fleet.md).
 * Receives the events recorders export with `--otlp-logs` (directly or through an OpenTelemetry Collector) on
 * `POST /v1/logs`, and judges each session; this module only reads the options and prints a line per judged
 * session — the work is `@mcp-conf/fleet`'s. Runs until SIGINT, SIGTERM or SIGHUP, then finalises what is open and
 * exits 0; a bad option or an address that cannot be listened on exits 2 before anything starts.
 */
import { stateDirectory } from "@mcp-conf/gate";
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { EXIT, UsageError } from "../exit.js";
import { parseListen } from "../record/options.js";
import { stopSignal } from "../stop-signal.js";
import type { Command } from "./command.js";
import { checkedRevision } from "./revision-option.js";

interface ServeArgs {
  listen?: string;
  "next-hop"?: string;
  "next-hop-header"?: string[];
  "idle-seconds"?: number;
  "max-sessions"?: number;
  "judge-threads"?: number;
  instance?: string;
  revision?: string;
  quiet: boolean;
}

const DEFAULT_PORT = 4418;

export const serveCommand: Command<ServeArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .option("listen", {
        type: "string",
        describe: `HOST:PORT to receive OTLP/HTTP logs on (default 127.0.0.1:${DEFAULT_PORT})`,
      })
      .option("next-hop", {
        type: "string",
        describe:
          "send each session's findings as a span, and per-label metrics, to this OTLP/HTTP endpoint (base URL)",
      })
      .option("next-hop-header", {
        type: "string",
        array: true,
        nargs: 1,
        describe: "NAME=VALUE header for the next hop (repeatable)",
      })
      .option("idle-seconds", {
        type: "number",
        describe: "finalise a session after this long without an event (default 300)",
      })
      .option("max-sessions", { type: "number", describe: "sessions judged at once, at most (default 10000)" })
      .option("judge-threads", {
        type: "number",
        describe: "threads that judge sessions (default: the cores available; 0 judges in the receiving thread)",
      })
      .option("instance", { type: "string", describe: "a name for this serve in verdicts and exported telemetry" })
      .option("revision", { type: "string", describe: "judge at this protocol revision, whatever each trace declares" })
      .option("quiet", { type: "boolean", default: false, describe: "print no line per judged session" })
      .example(
        "$0 serve --listen 127.0.0.1:4418",
        "receive recorders' --otlp-logs (or a Collector's otlphttp exporter)",
      ),
  async run(argv, io) {
    const listen = parseListen(argv.listen ?? `127.0.0.1:${DEFAULT_PORT}`);
    if (argv.revision !== undefined) checkedRevision("serve", argv.revision);
    const idle = positive(argv["idle-seconds"], "--idle-seconds");
    const maxSessions = positive(argv["max-sessions"], "--max-sessions");
    const judgeThreads = argv["judge-threads"];
    if (judgeThreads !== undefined && !(Number.isSafeInteger(judgeThreads) && judgeThreads >= 0)) {
      throw new UsageError("serve: --judge-threads must be a whole number, 0 or more");
    }
    const { NextHopError, parseNextHop, serveStatsLine, startServe, verdictLine } = await import("@mcp-conf/fleet");
    let nextHop: { url: string; headers: Record<string, string> } | undefined;
    try {
      if (argv["next-hop"] !== undefined) nextHop = parseNextHop(argv["next-hop"], argv["next-hop-header"] ?? []);
    } catch (error) {
      if (error instanceof NextHopError) throw new UsageError(`serve: ${error.message}`);
      throw error;
    }
    const stateDir = stateDirectory(process.env);
    const print = (line: string) => io.stderr.write(`mcp-conf serve: ${escapeTerminal(line)}\n`);
    let serve: Awaited<ReturnType<typeof startServe>>;
    try {
      serve = await startServe({
        stateDir,
        host: listen.host,
        port: listen.port,
        ...(argv.instance === undefined ? {} : { instance: argv.instance }),
        ...(argv.revision === undefined ? {} : { revision: argv.revision }),
        ...(idle === undefined ? {} : { idleMs: idle * 1000 }),
        ...(maxSessions === undefined ? {} : { maxSessions }),
        ...(judgeThreads === undefined ? {} : { judgeThreads }),
        ...(nextHop === undefined ? {} : { nextHop }),
        onVerdict: argv.quiet ? undefined : (verdict) => print(verdictLine(verdict)),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`serve: cannot listen on ${listen.host}:${listen.port} (${code})`);
    }
    const stopped = stopSignal();
    print(
      `receiving OTLP logs on ${serve.url}/v1/logs as ${serve.instance}; traces in ${stateDir}/sessions (stop with Ctrl-C)`,
    );
    await stopped;
    const stats = await serve.close();
    print(serveStatsLine(stats));
    return EXIT.ok;
  },
};

function positive(value: number | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`serve: ${flag} must be a positive number`);
  return value;
}
