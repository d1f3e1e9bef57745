/**
 * The mcp-conf command line: yargs wiring and exit codes. Each command lives in `commands/<name>.ts` and returns
 * its exit code; bad invocations print one line and exit 2 (see `docs/cli.md`).
 */
import yargs, { type Argv } from "yargs";
import { COMMANDS, commandName } from "./commands/index.js";
import { EXIT, type Io, UsageError } from "./exit.js";
import { VERSION } from "./version.js";

const defaultIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });

const STDIN_TOKEN = "\u0000mcp-conf-stdin\u0000";

/** Puts back every bare `-` that `STDIN_TOKEN` stood for, in top-level values and arrays of the parsed arguments. */
function restoreStdinArgs(argv: Record<string, unknown>): Record<string, unknown> {
  const restore = (value: unknown): unknown =>
    value === STDIN_TOKEN ? "-" : Array.isArray(value) ? value.map(restore) : value;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(argv)) out[key] = restore(value);
  return out;
}

/** Runs the CLI with `args` (without `node` and the script) and resolves to the exit code. */
export async function main(args: string[], io: Io = defaultIo()): Promise<number> {
  const first = args[0];
  const chosen = COMMANDS.find((entry) => commandName(entry) === first);
  if (first !== undefined && !first.startsWith("-") && !chosen) {
    io.stderr.write(`mcp-conf: unknown command ${JSON.stringify(first)}; see mcp-conf --help\n`);
    return EXIT.usage;
  }
  // Only the command being run is loaded; the others are listed by name for --help.
  const loaded = chosen ? await chosen.load() : undefined;
  let exitCode: number = EXIT.ok;
  let parseError: string | undefined;
  // yargs drops a bare `-` (the usual name for standard input); carry it through as a token and restore it.
  const shielded = args.map((arg) => (arg === "-" ? STDIN_TOKEN : arg));
  const parser: Argv = yargs(shielded)
    .scriptName("mcp-conf")
    .usage("mcp-conf <command> [options]\n\nRecord, validate and watch Model Context Protocol sessions.")
    .version(VERSION)
    .help()
    .alias("h", "help")
    .alias("V", "version")
    .strict()
    .demandCommand(1, "name a command; see mcp-conf --help")
    .recommendCommands()
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .exitProcess(false)
    .fail((msg, err) => {
      if (err instanceof UsageError) throw err;
      parseError = msg ?? err?.message ?? "bad invocation";
    });
  for (const entry of COMMANDS) {
    const module = entry === chosen ? loaded : undefined;
    parser.command({
      command: entry.command,
      describe: entry.describe,
      builder: module ? module.builder : (yargs) => yargs,
      handler: async (argv) => {
        if (module) exitCode = await module.run(restoreStdinArgs(argv) as never, io);
      },
    });
  }
  skipHelpRendering(parser);
  try {
    await parser.parseAsync(shielded, {}, (err, _argv, output) => {
      if (output && !err) io.stdout.write(`${output}\n`);
    });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-conf: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
  if (parseError !== undefined) {
    // yargs can word a message over several lines; the contract is one line.
    io.stderr.write(`mcp-conf: ${parseError.trim().replace(/\s*\n\s*/g, "; ")}\n`);
    return EXIT.usage;
  }
  return exitCode;
}

/**
 * yargs lays out a command's whole help text before running it, in case a later failure prints it; ours print one
 * line instead, and that layout (its string-width and wrap-ansi) is most of what yargs costs a short run. `--help`
 * is laid out as before, when it is asked for.
 */
function skipHelpRendering(parser: Argv): void {
  const internal = parser as unknown as { getInternalMethods?: () => { getUsageInstance(): Record<string, unknown> } };
  const usage = internal.getInternalMethods?.().getUsageInstance();
  if (usage && typeof usage.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
}
