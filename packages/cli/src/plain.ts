/**
 * Command lines simple enough to read without yargs (whose import is most of a short run's start-up): a command that
 * declares its options as one table (the same table its builder hands yargs) runs from that table when every word is
 * a positional, a declared option in its usual form (`--name VALUE`, `--name=VALUE`, `-a VALUE`, a bare boolean
 * flag) or `-` (standard input). Anything else — an unknown or negated option, `--help`, a repeated single-valued
 * option, a value that starts with `-`, an array option followed by a positional, `--` — goes to yargs, which words the error or applies its rules, so both
 * paths give the same result for every command line the plain one accepts.
 */

import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Options } from "yargs";
import type { Command, PlainForm } from "./commands/command.js";
import type { Io } from "./exit.js";
import { MalformedTraceError, UsageError } from "./exit.js";

/** The option table's entries the plain reading understands: a name, an optional one-letter alias, a type. */
type PlainOption = Pick<Options, "alias" | "type" | "array" | "default">;

/** The arguments yargs would give `rest` (the words after the command's name), or undefined to leave them to yargs. */
export function parsePlain(rest: readonly string[], form: PlainForm): Record<string, unknown> | undefined {
  const options = form.options as Readonly<Record<string, PlainOption>>;
  const byAlias = new Map<string, string>();
  for (const [name, option] of Object.entries(options))
    if (typeof option.alias === "string" && option.alias.length === 1) byAlias.set(option.alias, name);

  const argv: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === "" || word === "--") return undefined;
    if (word === "-" || !word.startsWith("-")) {
      positionals.push(word);
      continue;
    }
    const equals = word.indexOf("=");
    const long = word.startsWith("--");
    const key = long ? word.slice(2, equals < 0 ? undefined : equals) : byAlias.get(word.slice(1));
    if (!long && word.length !== 2) return undefined; // -fjson, -abc: yargs's rules
    const option = key !== undefined && Object.hasOwn(options, key) ? options[key] : undefined;
    if (key === undefined || option === undefined) return undefined;
    let value: unknown;
    if (option.type === "boolean") {
      if (equals >= 0) return undefined;
      value = true;
    } else {
      const text = long && equals >= 0 ? word.slice(equals + 1) : rest[++i];
      if (text === undefined || (text.startsWith("-") && text !== "")) return undefined;
      if (option.type === "number") {
        if (!/^\d+$/.test(text)) return undefined;
        value = Number(text);
      } else value = text;
    }
    if (option.array) {
      // yargs gives an array option every word up to the next option: `--tool a b` is two tools, not a positional.
      const next = rest[i + 1];
      if (next !== undefined && !next.startsWith("-")) return undefined;
      argv[key] = [...((argv[key] as unknown[] | undefined) ?? []), value];
    } else if (Object.hasOwn(argv, key)) return undefined;
    else argv[key] = value;
  }
  if (form.required && positionals.length === 0) return undefined;
  for (const [name, option] of Object.entries(options))
    if (!Object.hasOwn(argv, name) && option.default !== undefined) argv[name] = option.default;
  argv[form.positional] = positionals;
  return argv;
}

/**
 * Runs `command` with `rest` read the plain way, or resolves to undefined when yargs must read them. A `UsageError`
 * is printed as its one line, as main does.
 */
export async function runPlain(command: Command<never>, rest: readonly string[], io: Io): Promise<number | undefined> {
  const argv = command.plain === undefined ? undefined : parsePlain(rest, command.plain);
  if (argv === undefined) return undefined;
  try {
    return await command.run(argv as never, io);
  } catch (error) {
    return usageErrorLine(error, io);
  }
}

/** Prints a UsageError as its one line and returns its exit code; rethrows anything else. */
export function usageErrorLine(error: unknown, io: Io): number {
  // A library's user-fixable problem (@mcp-conf/gate's GateError) is a usage error here.
  if (error instanceof Error && error.name === "GateError") error = new UsageError(error.message);
  if (!(error instanceof UsageError || error instanceof MalformedTraceError)) throw error;
  // Messages quote what the user typed (a file name, a value): escaped, like everything else printed.
  io.stderr.write(`mcp-conf: ${escapeTerminal(error.message)}\n`);
  return error.exitCode;
}
