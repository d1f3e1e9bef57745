/**
 * `mcp-conf validate TRACE…`: judges each trace separately at the revision it declares (or `--revision`) and prints
 * its report in the chosen format. Exit codes (docs/cli.md): 0 pass or pass-with-warnings, 1 fail (or a warning under
 * `--strict`), 2 bad invocation, an unsupported clause, an undeclared or unknown revision, or a trace that judged
 * nothing, 3 a malformed trace. With several traces the worst code wins. Problems with one trace are printed as one
 * line on stderr; the other traces are still judged.
 */
import { resolveTraceArgument } from "@mcp-conf/gate";
import { escapeTerminal, type ReadTraceOptions } from "@mcp-conf/trace-format";
import {
  isReportFormat,
  type JudgedTrace,
  judgeTraceInput,
  probeLinksBeside,
  REPORT_FORMATS,
  type ReportFormat,
  renderReports,
} from "@mcp-conf/validator";
import type { Argv, Options } from "yargs";
import { EXIT, UsageError } from "../exit.js";
import { maxEventsOption, readLimits } from "../max-events.js";
import { ACTOR_OPTION, ALL_ROWS_OPTION, parseActor, useColor } from "../report-options.js";
import type { Command } from "./command.js";
import { checkedRevision } from "./revision-option.js";

interface ValidateArgs {
  trace: string[];
  format: string;
  revision?: string;
  strict: boolean;
  actor: string;
  all: boolean;
  "max-events"?: string;
  "max-line-bytes"?: string;
}

/** validate's options, for yargs and for the plain reading alike (plain.ts). */
const VALIDATE_OPTIONS = {
  actor: ACTOR_OPTION,
  all: ALL_ROWS_OPTION,
  format: {
    alias: "f",
    type: "string",
    default: "text",
    describe: `report format: ${REPORT_FORMATS.join(" | ")}`,
  },
  revision: { type: "string", describe: "judge at this protocol revision, whatever the trace declares" },
  strict: { type: "boolean", default: false, describe: "exit 1 on warnings too" },
  ...maxEventsOption,
  "max-line-bytes": { type: "string", describe: "refuse a trace line longer than N bytes (default 1 MiB)" },
} as const satisfies Record<string, Options>;

export const validateCommand: Command<ValidateArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("trace", {
        type: "string",
        array: true,
        describe: "trace files (JSONL) or session ids from `mcp-conf sessions ls`; - reads standard input",
      })
      .options(VALIDATE_OPTIONS),
  // `mcp-conf validate a.jsonl -f json`, the usual CI call, starts without yargs (its import is most of start-up).
  plain: { positional: "trace", required: true, options: VALIDATE_OPTIONS },
  async run(argv, io) {
    const format = argv.format;
    if (!isReportFormat(format)) {
      throw new UsageError(
        `validate: unknown format ${JSON.stringify(format)} (expected ${REPORT_FORMATS.join(", ")})`,
      );
    }
    const actor = parseActor("validate", argv.actor);
    const traces = argv.trace.map((trace) => resolveTraceArgument(String(trace)));
    if (traces.filter((t) => t === "-").length > 1) throw new UsageError("validate: standard input (-) given twice");
    if (argv.revision !== undefined) checkedRevision("validate", argv.revision);
    const limits: ReadTraceOptions = readLimits("validate", argv);
    const maxLineBytes = argv["max-line-bytes"];
    if (maxLineBytes !== undefined) limits.maxLineBytes = positiveInteger("--max-line-bytes", String(maxLineBytes));

    const streamed = format === "text" || format === "json";
    const color = useColor(io.stdout);
    const judged: JudgedTrace[] = [];
    let worst: number = EXIT.ok;
    for (const trace of traces) {
      const { probe, probeOf } = trace === "-" ? {} : await probeLinksBeside(trace, traces);
      if (probe !== undefined) {
        io.stderr.write(
          `mcp-conf validate: ${escapeTerminal(trace)}: judged with its probe ${escapeTerminal(probe.path)}\n`,
        );
      }
      if (probeOf !== undefined) {
        io.stderr.write(`mcp-conf validate: ${escapeTerminal(trace)}: the probe of ${escapeTerminal(probeOf)}\n`);
      }
      const result = await judgeTraceInput(trace === "-" ? io.stdin : trace, {
        actor,
        strict: argv.strict,
        limits,
        ...(argv.revision === undefined ? {} : { revision: argv.revision }),
        ...(probe ? { probe: probe.facts } : {}),
      });
      worst = Math.max(worst, result.exitCode);
      if (result.problem !== undefined) io.stderr.write(`mcp-conf validate: ${escapeTerminal(result.problem)}\n`);
      if (result.judged === undefined) continue;
      if (format === "text") {
        result.judged.context = { ...result.judged.context, rows: argv.all ? "all" : "problems", color };
      }
      if (streamed) {
        if (judged.length > 0 && format === "text") io.stdout.write("\n");
        io.stdout.write(renderReports([result.judged], format));
      }
      judged.push(result.judged);
    }
    if (!streamed && judged.length > 0) io.stdout.write(renderReports(judged, format as ReportFormat));
    return worst;
  },
};

/** A positive whole number, as typed (the message quotes it back). */
function positiveInteger(flag: string, value: string): number {
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`validate: ${flag} takes a positive integer, not ${JSON.stringify(value)}`);
  }
  return n;
}
