/**
 * The mcp-conf command line: yargs wiring and exit codes. Each command lives in `commands/<name>.ts` and returns
 * its exit code; bad invocations print one line and exit 2 (see `docs/cli.md`).
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import type { Command } from "./commands/command.js";
import { COMMANDS, commandName } from "./commands/index.js";
import {
  CONFIG_FILE,
  configChoice,
  defaultsFor,
  loadProjectConfig,
  type ProjectConfig,
} from "./config/project-config.js";
import { EXIT, type Io, UsageError } from "./exit.js";
import { runPlain, usageErrorLine } from "./plain.js";
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

/**
 * An option given more than once arrives as an array. Where one value makes sense the last one wins, as in most
 * command lines; an option in `unrepeatable` (two upstreams for one proxy) is refused. Options declared as arrays
 * (repeatable ones, `command..` positionals) and the command's `lists` are left alone.
 */
function lastOfRepeated(
  argv: Record<string, unknown>,
  arrays: ReadonlySet<string>,
  module: Pick<Command<never>, "unrepeatable" | "lists">,
  command: string,
): Record<string, unknown> {
  const unrepeatable = module.unrepeatable ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(argv)) {
    if (key === "_" || !Array.isArray(value) || arrays.has(key) || module.lists?.includes(key)) {
      out[key] = value;
      continue;
    }
    if (unrepeatable.includes(key))
      throw new UsageError(`${command}: --${key} given ${value.length} times; give it once`);
    out[key] = value[value.length - 1];
  }
  return out;
}

/** The options a builder declared (`key`) or declared as arrays. yargs keeps them; its types do not show `getOptions`. */
function declared(yargs: Argv, which: "array" | "key"): Set<string> {
  const getOptions = (yargs as unknown as { getOptions?: () => { array?: string[]; key?: Record<string, unknown> } })
    .getOptions;
  if (typeof getOptions !== "function") return new Set();
  const options = getOptions.call(yargs);
  return new Set(which === "array" ? (options.array ?? []) : Object.keys(options.key ?? {}));
}

/** Commands whose `--config` is not the project file (wrap's names the client's configuration). */
const OWN_CONFIG_OPTION = new Set(["wrap", "unwrap"]);

/** The project file's defaults for the command, and its `--config FILE` / `--no-config` options. */
function withProjectConfig(built: Argv, command: string, config: ProjectConfig | undefined): Argv {
  const options = built
    .option("config", { type: "string", describe: `read this configuration file instead of ${CONFIG_FILE}` })
    .option("no-config", { type: "boolean", describe: `ignore ${CONFIG_FILE}` });
  if (config === undefined) return options;
  for (const [option, value] of Object.entries(defaultsFor(config, command, declared(options, "key")))) {
    options.default(option, value);
  }
  return options;
}

const HELP_OR_VERSION = new Set(["-h", "--help", "-V", "--version"]);

/**
 * `mcp-conf [OPTIONS] -- CMD…`, the short form a client's configuration may hold (mcpsnoop's), is `watch stdio
 * [OPTIONS] -- CMD…`: no command name, options (if any) and then `--`.
 */
function shortWatchForm(args: readonly string[]): string[] | undefined {
  const end = args.indexOf("--");
  if (end < 0 || end === args.length - 1) return undefined;
  const before = args.slice(0, end);
  if (before.length > 0 && !before[0]!.startsWith("-")) return undefined;
  if (before.some((word) => HELP_OR_VERSION.has(word))) return undefined;
  return ["watch", "stdio", ...args];
}

/** Runs the CLI with `args` (without `node` and the script) and resolves to the exit code. */
export async function main(given: string[], io: Io = defaultIo()): Promise<number> {
  const args = shortWatchForm(given) ?? given;
  const first = args[0];
  const chosen = COMMANDS.find((entry) => commandName(entry) === first);
  if (first !== undefined && !first.startsWith("-") && !chosen) {
    io.stderr.write(`mcp-conf: unknown command ${escapeTerminal(JSON.stringify(first))}; see mcp-conf --help\n`);
    return EXIT.usage;
  }
  // Only the command being run is loaded; the others are listed by name for --help.
  const loaded = chosen ? await chosen.load() : undefined;
  const configurable = chosen !== undefined && !OWN_CONFIG_OPTION.has(commandName(chosen));
  let config: ProjectConfig | undefined;
  try {
    if (configurable) config = await loadProjectConfig(configChoice(args), process.cwd());
  } catch (error) {
    return usageErrorLine(error, io);
  }
  if (loaded !== undefined && config === undefined) {
    const code = await runPlain(loaded, args.slice(1), io);
    if (code !== undefined) return code;
  }
  const { default: yargs } = await import("yargs");
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
  // The chosen command's arguments are only captured while yargs parses; the command runs once parsing and its
  // checks (unknown options above all) are done, so a misspelled option never starts a session.
  let parsed: Record<string, unknown> | undefined;
  let arrays: ReadonlySet<string> = new Set();
  for (const entry of COMMANDS) {
    const module = entry === chosen ? loaded : undefined;
    parser.command({
      command: entry.command,
      describe: entry.describe,
      builder: module
        ? (yargs) => {
            let built = module.builder(yargs);
            if (configurable) built = withProjectConfig(built, commandName(entry), config);
            arrays = declared(built, "array");
            return built;
          }
        : (yargs) => yargs,
      handler: (argv) => {
        if (module) parsed = restoreStdinArgs(argv);
      },
    });
  }
  skipHelpRendering(parser);
  try {
    await parser.parseAsync(shielded, {}, (err, _argv, output) => {
      if (output && !err) io.stdout.write(`${output}\n`);
    });
    if (parseError !== undefined) {
      // yargs can word a message over several lines; the contract is one line.
      io.stderr.write(`mcp-conf: ${escapeTerminal(parseError.trim().replace(/\s*\n\s*/g, "; "))}\n`);
      return EXIT.usage;
    }
    if (loaded !== undefined && parsed !== undefined && chosen !== undefined) {
      const argv = lastOfRepeated(parsed, arrays, loaded, commandName(chosen));
      exitCode = await loaded.run(argv as never, io);
    }
  } catch (error) {
    return usageErrorLine(error, io);
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
