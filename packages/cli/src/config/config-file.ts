/**
 * What the command line says about the project file (`.mcp-conf.toml`, @mcp-conf/project-config): `--config FILE`,
 * `--no-config`, or nothing (look it up). Its own module, without the checks of the values, so that the judging
 * bundle's start-up can tell whether a project file applies without loading them.
 */
import { UsageError } from "../exit.js";

export { CONFIG_FILE, findConfigFile } from "@mcp-conf/project-config";

/** What the command line says about the file: `--config FILE`, `--no-config`, or nothing (look it up). */
export type ConfigChoice = { file: string } | { none: true } | undefined;

/**
 * Reads `--config FILE` / `--config=FILE` / `--no-config` from the words before `--` (the server command after it
 * is not ours). They are read before yargs parses, since the file supplies the defaults yargs parses with.
 */
export function configChoice(args: readonly string[]): ConfigChoice {
  let choice: ConfigChoice;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") break;
    if (arg === "--no-config") choice = { none: true };
    else if (arg === "--config") {
      const file = args[i + 1];
      if (file === undefined || file === "" || file.startsWith("-")) throw new UsageError("--config needs a file name");
      choice = { file };
      i++;
    } else if (arg.startsWith("--config=")) {
      const file = arg.slice("--config=".length);
      if (file === "") throw new UsageError("--config needs a file name");
      choice = { file };
    }
  }
  return choice;
}
