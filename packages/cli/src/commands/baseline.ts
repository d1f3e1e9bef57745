/**
 * `mcp-conf baseline TRACE [--accept | --reset] [--baseline DIR] [--label L]`: trust-on-first-use tool-definition
 * baselines per server label (docs/diff.md). Without a flag: the first trace of a label records its baseline, a later
 * one is compared with it field by field (exit 1 on drift). `--accept` makes the trace's tools the baseline;
 * `--reset` forgets the label's baseline, so the next trace is trusted afresh. The store and the comparison are
 * `@mcp-conf/gate`; this module checks the invocation and prints. Exit codes (docs/cli.md): 0 recorded, unchanged,
 * accepted or reset; 1 drift; 2 bad invocation, no label, no tools listed, an unreadable trace or baseline; 3 a
 * malformed trace.
 */
import type { SessionAnalysis } from "@mcp-conf/analysis";
import {
  acceptBaseline,
  baselinePath,
  baselinesDirectory,
  type DriftOutcome,
  definitionsDiffLines,
  definitionsDiffSummary,
  driftAgainstBaseline,
  removeBaseline,
} from "@mcp-conf/gate";
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { EXIT, type Io, UsageError } from "../exit.js";
import { type MaxEventsArgs, maxEventsOption, readLimits } from "../max-events.js";
import { analyzeTraceArgument, traceLabel } from "../trace-read.js";
import type { Command } from "./command.js";

interface BaselineArgs extends MaxEventsArgs {
  trace: string;
  accept?: boolean;
  reset?: boolean;
  baseline?: string;
  label?: string;
}

export const baselineCommand: Command<BaselineArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("trace", { type: "string", describe: "trace file (JSONL); - reads standard input" })
      .option("accept", { type: "boolean", describe: "trust this trace's tool definitions: make them the baseline" })
      .option("reset", { type: "boolean", describe: "forget the label's baseline; the next trace is trusted afresh" })
      .option("baseline", { type: "string", describe: "the baselines directory (default: <state>/baselines)" })
      .option("label", { type: "string", describe: "the server label (default: the label recorded in the trace)" })
      .options(maxEventsOption),
  async run(argv, io) {
    if (argv.accept && argv.reset) throw new UsageError("baseline: give --accept or --reset, not both");
    if (argv.baseline === "") throw new UsageError("baseline: --baseline needs a directory");
    const trace = String(argv.trace);
    const analysis = await analyzeTraceArgument("baseline", trace, io, readLimits("baseline", argv));
    const options: { directory?: string; label?: string } = {};
    if (argv.baseline !== undefined) options.directory = argv.baseline;
    if (argv.label !== undefined) options.label = String(argv.label);
    if (argv.reset) return reset(analysis, trace, options, io);
    if (argv.accept) return accept(analysis, trace, options, io);
    return report(driftAgainstBaseline(analysis, options), trace, io);
  },
};

function report(outcome: DriftOutcome, trace: string, io: Io): number {
  const write = (text: string) => io.stdout.write(`${escapeTerminal(text)}\n`);
  switch (outcome.status) {
    case "no-label":
    case "no-tools":
      throw refusal(outcome.status, trace);
    case "no-baseline":
      // Only with trustFirstUse off, which this command never asks for.
      write(`baseline: ${quoted(outcome.label)} has no baseline in ${outcome.path}`);
      return EXIT.ok;
    case "recorded":
      write(
        `baseline: recorded ${tools(outcome.tools)} of ${quoted(outcome.label)} in ${outcome.path} (trusted on first use)`,
      );
      return EXIT.ok;
    case "same":
      write(`baseline: ${quoted(outcome.label)}: ${tools(outcome.tools)} as in the baseline of ${outcome.recordedAt}`);
      return EXIT.ok;
    case "drift":
      write(
        `baseline: ${quoted(outcome.label)}: tools drifted from the baseline of ${outcome.recordedAt} (${outcome.path}): ${definitionsDiffSummary(outcome.changes)}`,
      );
      for (const line of definitionsDiffLines("tools", outcome.changes)) io.stdout.write(`${line}\n`);
      write(`if you trust the new definitions: mcp-conf baseline ${traceLabel(trace)} --accept`);
      return EXIT.fail;
  }
}

function accept(analysis: SessionAnalysis, trace: string, options: { directory?: string; label?: string }, io: Io) {
  const before = driftAgainstBaseline(analysis, { ...options, trustFirstUse: false });
  if (before.status === "no-label" || before.status === "no-tools") throw refusal(before.status, trace);
  const accepted = acceptBaseline(analysis, options);
  if ("status" in accepted) throw refusal(accepted.status, trace);
  if (before.status === "drift") {
    for (const line of definitionsDiffLines("tools", before.changes)) io.stdout.write(`${line}\n`);
  }
  io.stdout.write(
    `${escapeTerminal(`baseline: accepted ${tools(accepted.tools)} of ${quoted(accepted.label)} in ${accepted.path}`)}\n`,
  );
  return EXIT.ok;
}

function reset(analysis: SessionAnalysis, trace: string, options: { directory?: string; label?: string }, io: Io) {
  const label = options.label ?? analysis.session.label;
  if (label === undefined) throw refusal("no-label", trace);
  const path = baselinePath(baselinesDirectory(options.directory), label);
  const removed = removeBaseline(path);
  const text = removed
    ? `baseline: removed the baseline of ${quoted(label)} (${path}); its next trace is trusted on first use`
    : `baseline: ${quoted(label)} has no baseline in ${path}`;
  io.stdout.write(`${escapeTerminal(text)}\n`);
  return EXIT.ok;
}

function refusal(status: "no-label" | "no-tools", trace: string): UsageError {
  return status === "no-label"
    ? new UsageError(`baseline: ${traceLabel(trace)} names no server label (record --label L names one); give --label`)
    : new UsageError(`baseline: ${traceLabel(trace)} never lists tools (no tools/list answer): nothing to baseline`);
}

function quoted(label: string): string {
  return JSON.stringify(label);
}

function tools(count: number): string {
  return count === 1 ? "1 tool definition" : `${count} tool definitions`;
}
