/**
 * `mcp-conf check [TRACE…]`: the CI gate (docs/check.md). Each trace (or session id; none: the newest recorded
 * session) is judged and analysed once, and the signals of `--fail-on` are read off it; several traces are checked
 * in parallel across cores. Exit codes: 0 no signal fired, 1 a signal fired, 2 a bad invocation or unreadable
 * trace, 3 a malformed trace; with several traces the highest wins.
 */

import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  CHECK_FORMATS,
  type CheckFormat,
  checkExitCode,
  checkTraces,
  DEFAULT_SIGNALS,
  type InspectRequest,
  parseDuration,
  parseSignals,
  renderCheck,
  resolveTraceArgument,
  SIGNALS,
} from "@mcp-conf/gate";
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Argv, Options } from "yargs";
import { UsageError } from "../exit.js";
import { type MaxEventsArgs, maxEventsOption, readLimits } from "../max-events.js";
import { ACTOR_OPTION, parseActor } from "../report-options.js";
import { newestTrace } from "../trace-argument.js";
import type { Command } from "./command.js";

interface CheckArgs extends MaxEventsArgs {
  trace?: string[];
  "fail-on"?: string | string[];
  format: string;
  actor: string;
  revision?: string;
  "max-duration"?: string;
  "expect-tool"?: string[];
  "forbid-tool"?: string[];
  jobs?: number;
  baseline?: string;
  label?: string;
}

/** check's options, for yargs and for the plain reading alike (plain.ts). */
const CHECK_OPTIONS = {
  actor: ACTOR_OPTION,
  "fail-on": {
    type: "string",
    describe: `signals, comma-separated or repeated: ${SIGNALS.join(", ")} (default: ${DEFAULT_SIGNALS.join(",")})`,
  },
  format: { alias: "f", type: "string", default: "text", describe: CHECK_FORMATS.join(" | ") },
  revision: { type: "string", describe: "judge at this protocol revision, whatever the trace declares" },
  "max-duration": { type: "string", describe: "the slow signal's limit per call: 500ms, 2s, 1m" },
  "expect-tool": { type: "string", array: true, describe: "a tool that must be called (repeatable)" },
  "forbid-tool": { type: "string", array: true, describe: "a tool that must not be called (repeatable)" },
  baseline: { type: "string", describe: "the drift signal's baselines directory (default: <state>/baselines)" },
  label: { type: "string", describe: "the drift signal's server label (default: the one the trace records)" },
  jobs: {
    type: "number",
    describe: "traces checked at once (default: one per 32 MiB of traces, up to one per idle core)",
  },
  ...maxEventsOption,
} as const satisfies Record<string, Options>;

export const checkCommand: Command<CheckArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("trace", {
        type: "string",
        array: true,
        describe: "trace files or session ids (default: the newest recorded session)",
      })
      .options(CHECK_OPTIONS),
  plain: { positional: "trace", required: false, options: CHECK_OPTIONS },
  lists: ["fail-on"],
  async run(argv, io) {
    const format = argv.format;
    if (!(CHECK_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`check: unknown format ${JSON.stringify(format)} (expected ${CHECK_FORMATS.join(", ")})`);
    }
    const actor = parseActor("check", argv.actor);
    const expectTools = (argv["expect-tool"] ?? []).map(String);
    const forbidTools = (argv["forbid-tool"] ?? []).map(String);
    const tools = { expecting: expectTools.length > 0, forbidding: forbidTools.length > 0 };
    const signals = parseSignals(argv["fail-on"], tools);
    const maxDurationMs = argv["max-duration"] === undefined ? undefined : parseDuration(argv["max-duration"]);
    if (signals.includes("slow") && maxDurationMs === undefined) {
      throw new UsageError("check: the slow signal needs --max-duration");
    }
    if (argv.baseline === "") throw new UsageError("check: --baseline needs a directory");
    const jobs = argv.jobs;
    if (jobs !== undefined && (!Number.isSafeInteger(jobs) || jobs < 1)) {
      throw new UsageError("check: --jobs takes a positive integer");
    }
    const given = (argv.trace ?? []).map(String);
    const traces = given.length > 0 ? given.map((trace) => resolveTraceArgument(trace)) : [newestTrace("check")];
    if (traces.filter((trace) => trace === "-").length > 1)
      throw new UsageError("check: - (standard input) given twice");
    const { maxEvents } = readLimits("check", argv);
    const input = traces.includes("-") ? await standardInputFile(io.stdin) : undefined;

    const requests: InspectRequest[] = traces.map((trace) => ({
      trace: trace === "-" ? input!.path : trace,
      signals,
      actor,
      ...(argv.revision === undefined ? {} : { revision: argv.revision }),
      ...(maxDurationMs === undefined ? {} : { maxDurationMs }),
      ...(maxEvents === undefined ? {} : { maxEvents }),
      expectTools,
      forbidTools,
      ...(signals.includes("drift") ? { baseline: baselineOptions(argv) } : {}),
    }));
    // The workers start from the CLI's own script (check/worker.ts), which loads the judging bundle's code cache.
    const pool = { worker: new URL("./check-worker.js", import.meta.url), ...(jobs === undefined ? {} : { jobs }) };
    const results = await checkTraces(requests, pool).finally(() => input?.remove());
    if (input) {
      for (const result of results) {
        if (result.trace !== input.path) continue;
        result.trace = "-";
        if (result.problem) result.problem.message = result.problem.message.replaceAll(input.path, "-");
      }
    }
    for (const result of results) {
      for (const note of result.notes ?? []) io.stderr.write(`mcp-conf ${escapeTerminal(note)}\n`);
      if (result.problem) io.stderr.write(`mcp-conf ${escapeTerminal(result.problem.message)}\n`);
    }
    io.stdout.write(renderCheck(results, signals, format as CheckFormat));
    return checkExitCode(results);
  },
};

/**
 * Standard input copied to a private temporary file, so it is checked like any trace (on a worker thread, with line
 * numbers for SARIF); removed when the check is done.
 */
async function standardInputFile(stdin: NodeJS.ReadableStream): Promise<{ path: string; remove(): void }> {
  const directory = mkdtempSync(join(tmpdir(), "mcp-conf-check-"));
  const path = join(directory, "stdin.jsonl");
  await pipeline(stdin, createWriteStream(path, { mode: 0o600 }));
  return { path, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

function baselineOptions(argv: CheckArgs): { directory?: string; label?: string } {
  const options: { directory?: string; label?: string } = {};
  if (argv.baseline !== undefined) options.directory = argv.baseline;
  if (argv.label !== undefined) options.label = String(argv.label);
  return options;
}
