/**
 * The judging commands (`validate`, `check`) and check's per-trace work, built as one CommonJS bundle
 * (dist/judging.cjs) that `bin.ts` and check's worker threads load through V8's code cache (code-cache.ts), so a
 * judging run neither resolves nor compiles the ESM graph of the CLI and the validator. Only command lines that need
 * neither yargs nor a project file run here; `main` runs the rest.
 */
import { checkCommand } from "../commands/check.js";
import type { Command } from "../commands/command.js";
import { validateCommand } from "../commands/validate.js";
import type { Io } from "../exit.js";
import { runPlain } from "../plain.js";

export { inspectTrace } from "../check/inspect.js";

const JUDGING_COMMANDS: Readonly<Record<string, Command<never>>> = { validate: validateCommand, check: checkCommand };

/**
 * Runs `args` (`validate …` or `check …`) without yargs, or resolves to undefined when `main` must run them. The
 * caller has made sure that no project file applies (its defaults are main's to apply).
 */
export async function runPlainCommand(args: readonly string[], io: Io): Promise<number | undefined> {
  const command = Object.hasOwn(JUDGING_COMMANDS, args[0] ?? "") ? JUDGING_COMMANDS[args[0]!] : undefined;
  return command === undefined ? undefined : runPlain(command, args.slice(1), io);
}
