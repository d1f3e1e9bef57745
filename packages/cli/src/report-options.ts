/**
 * The options every judging command shares — `--actor` (whose obligations are judged) and `--all` (every
 * requirement in the text report, not only the ones that need attention) — and when to colour text output.
 */
import { ACTORS, type Actor } from "@mcp-conf/validator";
import type { Argv, Options } from "yargs";
import { UsageError } from "./exit.js";

/** `--actor`: whose obligations are judged. */
export const ACTOR_OPTION = {
  type: "string",
  default: "both",
  describe: `judge only the obligations of this side: ${ACTORS.join(" | ")}`,
} as const satisfies Options;

/** `--all`: every requirement in the text report. */
export const ALL_ROWS_OPTION = {
  type: "boolean",
  default: false,
  describe: "list every requirement in the text report, not only the failing and warning ones",
} as const satisfies Options;

/** Adds `--actor` to a command. */
export function actorOption<T>(yargs: Argv<T>): Argv<T> {
  return yargs.option("actor", ACTOR_OPTION) as unknown as Argv<T>;
}

/** Adds `--all` to a command that prints a text report. */
export function allRowsOption<T>(yargs: Argv<T>): Argv<T> {
  return yargs.option("all", ALL_ROWS_OPTION) as unknown as Argv<T>;
}

/** The `--actor` value, checked. */
export function parseActor(command: string, value: unknown): Actor {
  if (typeof value === "string" && (ACTORS as readonly string[]).includes(value)) return value as Actor;
  throw new UsageError(`${command}: unknown actor ${JSON.stringify(value)} (expected ${ACTORS.join(", ")})`);
}

/**
 * Whether to colour output written to `stream`: `FORCE_COLOR` (any value but `0` or `false`) forces it on, else
 * `NO_COLOR` (any non-empty value) turns it off, else only a terminal gets colour.
 */
export function useColor(stream: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return (stream as NodeJS.WriteStream).isTTY === true;
}
