/** What a caller says about the signals as text (`check --fail-on`, `--max-duration`, a project file), checked. */
import { GateError } from "../errors.js";
import { DEFAULT_SIGNALS, SIGNALS, type Signal } from "./signals.js";

/**
 * `a,b` and `c` (comma-separated, repeated) → the signals, in signal order; the default set when none is given. Naming
 * tools to expect or forbid adds `expect-tool` or `forbid-tool`. An unknown name is a GateError.
 */
export function parseSignals(
  value: string | readonly string[] | undefined,
  tools: { expecting?: boolean; forbidding?: boolean } = {},
): Signal[] {
  const chosen = new Set<Signal>();
  const values = value === undefined ? [] : typeof value === "string" ? [value] : value;
  const names =
    values.length === 0
      ? [...DEFAULT_SIGNALS]
      : values.flatMap((one) => String(one).split(",")).map((name) => name.trim());
  for (const name of names) {
    if (!(SIGNALS as readonly string[]).includes(name)) {
      throw new GateError(`check: unknown signal ${JSON.stringify(name)} (known: ${SIGNALS.join(", ")})`);
    }
    chosen.add(name as Signal);
  }
  if (tools.expecting) chosen.add("expect-tool");
  if (tools.forbidding) chosen.add("forbid-tool");
  return SIGNALS.filter((signal) => chosen.has(signal));
}

/** The slow signal's limit: `250ms`, `2s`, `1.5s`, `1m` (a bare number is milliseconds) → milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (!match) {
    throw new GateError(`check: --max-duration takes a duration such as 500ms, 2s or 1m, not ${JSON.stringify(value)}`);
  }
  const unit = match[2] ?? "ms";
  return Number(match[1]) * (unit === "m" ? 60_000 : unit === "s" ? 1000 : 1);
}
