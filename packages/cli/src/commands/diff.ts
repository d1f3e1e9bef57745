/**
 * `mcp-conf diff A B [--exit-code] [--duration-threshold MS] [--duration-ratio X] [--format text|json]`: what changed
 * from the session recorded in A to the one in B — definitions field by field, server info, capabilities, protocol
 * version, calls whose status changed or that became notably slower or faster (docs/diff.md). The comparison is
 * @mcp-conf/analysis's `compareSessions`; this module reads, checks and prints. Exit codes (docs/cli.md): 0 compared
 * (with `--exit-code`: and no regression), 1 a regression under `--exit-code`, 2 bad invocation or an unreadable
 * trace, 3 a malformed trace.
 */
import { compareSessions, DEFAULT_DURATION_THRESHOLDS } from "@mcp-conf/analysis";
import { renderComparisonJson, renderComparisonText } from "@mcp-conf/gate";
import type { Argv } from "yargs";
import { EXIT, UsageError } from "../exit.js";
import { type MaxEventsArgs, maxEventsOption, readLimits } from "../max-events.js";
import { analyzeTraceArgument } from "../trace-read.js";
import type { Command } from "./command.js";

interface DiffArgs extends MaxEventsArgs {
  before: string;
  after: string;
  "exit-code"?: boolean;
  "duration-threshold"?: number;
  "duration-ratio"?: number;
  format: string;
}

const FORMATS = ["text", "json"] as const;

export const diffCommand: Command<DiffArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("before", { type: "string", describe: "the earlier trace (JSONL); - reads standard input" })
      .positional("after", { type: "string", describe: "the later trace" })
      .option("exit-code", {
        type: "boolean",
        describe: "exit 1 when the later session regressed (a tool removed or changed, a call worse or slower)",
      })
      .option("duration-threshold", {
        type: "number",
        describe: `a call is slower or faster only if it changed by at least MS milliseconds (default ${DEFAULT_DURATION_THRESHOLDS.thresholdMs})`,
      })
      .option("duration-ratio", {
        type: "number",
        describe: `… and by at least X times (default ${DEFAULT_DURATION_THRESHOLDS.ratio})`,
      })
      .option("format", { alias: "f", type: "string", default: "text", describe: `output: ${FORMATS.join(" | ")}` })
      .options(maxEventsOption),
  async run(argv, io) {
    if (!(FORMATS as readonly string[]).includes(argv.format)) {
      throw new UsageError(`diff: unknown format ${JSON.stringify(argv.format)} (expected text, json)`);
    }
    const durations = {
      thresholdMs: checkedNumber("--duration-threshold", argv["duration-threshold"], 0, "a number of milliseconds"),
      ratio: checkedNumber("--duration-ratio", argv["duration-ratio"], 1, "a number of at least 1"),
    };
    const names = { before: String(argv.before), after: String(argv.after) };
    if (names.before === "-" && names.after === "-") {
      throw new UsageError("diff: only one of the two traces can be standard input");
    }
    const limits = readLimits("diff", argv);
    const before = await analyzeTraceArgument("diff", names.before, io, limits);
    const after = await analyzeTraceArgument("diff", names.after, io, limits);
    const comparison = compareSessions(before, after, {
      durations: {
        thresholdMs: durations.thresholdMs ?? DEFAULT_DURATION_THRESHOLDS.thresholdMs,
        ratio: durations.ratio ?? DEFAULT_DURATION_THRESHOLDS.ratio,
      },
    });
    io.stdout.write(
      argv.format === "json" ? renderComparisonJson(names, comparison) : renderComparisonText(names, comparison),
    );
    return argv["exit-code"] && comparison.regressions > 0 ? EXIT.fail : EXIT.ok;
  },
};

/** A finite number no smaller than `min`, or undefined when the option was not given. */
function checkedNumber(flag: string, value: unknown, min: number, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
    const given = typeof value === "number" && Number.isNaN(value) ? "" : `, not ${JSON.stringify(String(value))}`;
    throw new UsageError(`diff: ${flag} takes ${what}${given}`);
  }
  return value;
}
