/**
 * What a command's module provides. Its own module so that the commands need not import the list that loads them.
 */
import type { Argv, Options } from "yargs";
import type { Io } from "../exit.js";

/** A command's module: its options and what it does. */
export interface Command<A = Record<string, unknown>> {
  builder: (yargs: Argv) => Argv;
  /** Resolves to the exit code. Throw `UsageError` for bad input. */
  run(argv: A, io: Io): Promise<number>;
  /** Options that make no sense twice: given twice, they are refused (any other repeated option: the last wins). */
  unrepeatable?: readonly string[];
  /**
   * Single-word options that keep every value — the option repeated, or a list in the project file — where any other
   * keeps its last. Not yargs array options, which would also take the positionals that follow them.
   */
  lists?: readonly string[];
  /** Set when the command can run without yargs for simple command lines (see plain.ts). */
  plain?: PlainForm;
}

/** What the plain reading of a command line needs: the positional's name and the option table the builder declares. */
export interface PlainForm {
  /** The (array) positional's name, e.g. `trace`. */
  positional: string;
  /** Whether at least one positional must be given (`<trace..>`); without one, yargs words the error. */
  required: boolean;
  options: Readonly<Record<string, Options>>;
}

/** An entry of the command list (index.ts): its usage, its summary, and how to load its module. */
export interface CommandEntry {
  /** Usage as yargs reads it: the name, then its positionals. */
  command: string;
  describe: string;
  load(): Promise<Command<never>>;
}

/** The name a command is invoked by: the first word of its usage. */
export function commandName(entry: CommandEntry): string {
  return entry.command.split(" ")[0]!;
}
