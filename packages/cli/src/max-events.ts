/**
 * `--max-events N`, the one limit on how many events a trace may hold when it is read, on every command that reads
 * traces (validate, export, open and its hub, check, diff, baseline, sessions). Without it there is no limit
 * (trace-format's DEFAULT_MAX_EVENTS): every trace the recorder writes is read.
 */
import type { ReadTraceOptions } from "@mcp-conf/trace-format";
import type { Options } from "yargs";
import { UsageError } from "./exit.js";

export const maxEventsOption = {
  "max-events": {
    type: "string",
    describe: "read at most N events per trace (default: no limit)",
  },
} as const satisfies Record<string, Options>;

export interface MaxEventsArgs {
  "max-events"?: string | number;
}

/** The reader's limits `--max-events` asks for (empty without it); a value that is no positive integer is one line. */
export function readLimits(command: string, argv: MaxEventsArgs): ReadTraceOptions {
  const value = argv["max-events"];
  if (value === undefined) return {};
  const text = String(value);
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`${command}: --max-events takes a positive integer, not ${JSON.stringify(text)}`);
  }
  return { maxEvents: n };
}
