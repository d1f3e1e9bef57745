/**
 * `mcp-conf export TRACE -T json|text|html|har|otlp|jsonl [-o FILE] [--revision R] [--redact-…]`: a recorded trace
 * for people and other tools (docs/export.md), or the trace itself (jsonl), redacted by the redaction options. json,
 * text, html and har stream the trace once through `@mcp-conf/export`'s
 * collector (analysis, judgement, HTTP pairing); otlp maps it as `watch --otlp` does, with ids derived from the
 * trace's bytes so the file is reproducible. `--filter` keeps the exchanges the viewer's filter language keeps (json and
 * text list only those; html opens with the filter in its search box). Every option is parsed here, once. Output goes through `writeOutput`;
 * an output that is the input is refused. Exit codes (docs/cli.md): 0 written, 2 bad invocation or unreadable input,
 * 3 a malformed trace.
 */
import { createReadStream } from "node:fs";
import { type ExportFormat, exportTrace, FilterSyntaxError, parseFilter } from "@mcp-conf/export";
import { resolveTraceArgument } from "@mcp-conf/gate";
import { exportJudgedTraceAsOtlpJson } from "@mcp-conf/otel-mapper";
import type { Redactor } from "@mcp-conf/recorder";
import { type ReadTraceOptions, readTrace, readTraceFile } from "@mcp-conf/trace-format";
import type { Actor } from "@mcp-conf/validator";
import type { Argv } from "yargs";
import { EXIT, type Io, UsageError } from "../exit.js";
import { maxEventsOption, readLimits } from "../max-events.js";
import { refuseOutputThatIsInput, writeOutput } from "../output.js";
import { parseRedaction, type RedactionArgs, redactionOptions } from "../record/redaction.js";
import { actorOption, parseActor } from "../report-options.js";
import { newestTrace } from "../trace-argument.js";
import { traceReadFailure } from "../trace-read.js";
import { VERSION } from "../version.js";
import type { Command } from "./command.js";
import { checkedRevision } from "./revision-option.js";

/** The formats `export` writes: @mcp-conf/export's, and OTLP (@mcp-conf/otel-mapper's). */
export const EXPORT_TYPES = ["json", "text", "html", "har", "otlp", "jsonl"] as const satisfies readonly (
  | ExportFormat
  | "otlp"
)[];
type ExportType = (typeof EXPORT_TYPES)[number];

/** The parsed, checked invocation. */
interface ExportRequest {
  type: ExportType;
  /** The trace path, or `-` for standard input. */
  trace: string;
  /** How the trace is named in messages. */
  label: string;
  revision?: string;
  actor: Actor;
  limits: ReadTraceOptions;
  /** json, text, html: the viewer's filter expression (already checked). */
  filter?: string;
  redact?: Redactor;
}

interface ExportArgs extends RedactionArgs {
  trace?: string;
  type?: string;
  output?: string;
  revision?: string;
  "max-events"?: string;
  "max-line-bytes"?: number;
  filter?: string;
  actor: string;
}

export const exportCommand: Command<ExportArgs> = {
  builder: (yargs: Argv) =>
    actorOption(yargs)
      .positional("trace", {
        type: "string",
        describe: "trace file (JSONL) or session id; - reads standard input; none: the newest recorded session",
      })
      .option("type", {
        alias: "T",
        type: "string",
        demandOption: true,
        describe: `export format: ${EXPORT_TYPES.join(" | ")}`,
      })
      .option("output", {
        alias: "o",
        type: "string",
        describe: "write here instead of stdout (- is stdout; a regular file is replaced through a temporary file)",
      })
      .option("revision", { type: "string", describe: "judge at this protocol revision, whatever the trace declares" })
      .option("filter", {
        type: "string",
        describe:
          "json, text, html: only the exchanges this filter keeps (the viewer's tokens: tool:echo status:error …)",
      })
      .options(maxEventsOption)
      .option("max-line-bytes", {
        type: "number",
        describe: "refuse a trace line longer than N bytes (default 1 MiB)",
      })
      .options(redactionOptions),
  async run(argv, io) {
    const request = parseExport(argv);
    refuseOutputThatIsInput("export", [request.trace], argv.output);
    let text: string;
    try {
      text = await render(request, io);
    } catch (error) {
      throw traceReadFailure("export", request.label, error);
    }
    writeOutput("export", argv.output, text, io);
    return EXIT.ok;
  },
};

async function render(request: ExportRequest, io: Io): Promise<string> {
  const { type, revision, actor, limits, redact, filter } = request;
  const options = {
    actor,
    ...(revision === undefined ? {} : { revision }),
    ...(redact ? { redact: (event: Parameters<Redactor["redact"]>[0]) => redact.redact(event) } : {}),
  };
  if (type !== "otlp") {
    const events = request.trace === "-" ? readTrace(io.stdin, limits) : readTraceFile(request.trace, limits);
    return exportTrace(events, { ...options, format: type, creatorVersion: VERSION, ...(filter ? { filter } : {}) });
  }
  const input = request.trace === "-" ? io.stdin : createReadStream(request.trace, { highWaterMark: 1024 * 1024 });
  const { json, unjudged } = await exportJudgedTraceAsOtlpJson(input as AsyncIterable<Uint8Array | string>, {
    ...options,
    limits,
  });
  if (unjudged !== undefined) {
    io.stderr.write(`mcp-conf export: ${request.label}: ${unjudged}; spans exported without findings\n`);
  }
  return json;
}

function parseExport(argv: ExportArgs): ExportRequest {
  if (argv.type === undefined) throw new UsageError(`export: name the format with -T (${EXPORT_TYPES.join(", ")})`);
  const type = String(argv.type);
  if (!(EXPORT_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`export: unknown type ${JSON.stringify(type)} (expected ${EXPORT_TYPES.join(", ")})`);
  }
  // No TRACE: the newest recorded session of the state directory.
  const trace = argv.trace === undefined ? newestTrace("export") : resolveTraceArgument(String(argv.trace));
  const request: ExportRequest = {
    type: type as ExportType,
    trace,
    label: trace === "-" ? "standard input" : trace,
    actor: parseActor("export", argv.actor),
    limits: readLimits("export", argv),
  };
  if (argv.revision !== undefined) {
    checkedRevision("export", argv.revision);
    request.revision = argv.revision;
  }
  if (argv["max-line-bytes"] !== undefined) {
    request.limits.maxLineBytes = positiveInteger("--max-line-bytes", argv["max-line-bytes"]);
  }
  if (argv.filter !== undefined) {
    if (!["json", "text", "html"].includes(type))
      throw new UsageError("export: --filter applies to -T json, text and html");
    try {
      parseFilter(String(argv.filter));
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw new UsageError(`export: --filter: ${error.message}`);
      throw error;
    }
    request.filter = String(argv.filter);
  }
  const redact = parseRedaction(argv, "export");
  if (redact) request.redact = redact;
  return request;
}

function positiveInteger(flag: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`export: ${flag} takes a positive integer`);
  return value;
}
