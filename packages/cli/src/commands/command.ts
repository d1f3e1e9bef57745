/**
 * What a command's module provides. Its own module so that the commands need not import the list that loads them.
 */
import type { Argv } from "yargs";
import type { Io } from "../exit.js";

/** A command's module: its options and what it does. */
export interface Command<A = Record<string, unknown>> {
  builder: (yargs: Argv) => Argv;
  /** Resolves to the exit code. Throw `UsageError` for bad input. */
  run(argv: A, io: Io): Promise<number>;
  /** Options that make no sense twice: given twice, they are refused (any other repeated option: the last wins). */
  unrepeatable?: readonly string[];
  /**
   * The arguments of a plain invocation (positionals only, no option, no project file) as the builder would give
   * them, so it runs without loading yargs; undefined leaves the invocation to yargs.
   */
  plain?(positionals: readonly string[]): Record<string, unknown> | undefined;
}
