/**
 * The mcp-conf command line: yargs wiring and exit codes. Each command lives in `commands/<name>.ts` and returns
 * its exit code; bad invocations print one line and exit 2 (see `docs/cli.md`).
 */
import yargs, { type Argv } from "yargs";
import { COMMANDS } from "./commands/index.js";
import { VERSION } from "./version.js";

export const EXIT = { ok: 0, fail: 1, usage: 2, malformed: 3 } as const;

/** A user error: printed as one line, never a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

const defaultIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });

/** Runs the CLI with `args` (without `node` and the script) and resolves to the exit code. */
export async function main(args: string[], io: Io = defaultIo()): Promise<number> {
  let exitCode: number = EXIT.ok;
  let parseError: string | undefined;
  const parser: Argv = yargs(args)
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
  for (const command of COMMANDS) {
    parser.command({
      command: command.command,
      describe: command.describe,
      builder: command.builder,
      handler: async (argv) => {
        exitCode = await command.run(argv as never, io);
      },
    });
  }
  try {
    await parser.parseAsync(args, {}, (err, _argv, output) => {
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
    io.stderr.write(`mcp-conf: ${parseError}\n`);
    return EXIT.usage;
  }
  return exitCode;
}
