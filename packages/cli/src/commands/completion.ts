/**
 * `mcp-conf completion [bash]`: prints the shell completion script (docs/install.md says where to load it).
 */
import type { Argv } from "yargs";
import { completionScript, SHELLS, type Shell } from "../completion/script.js";
import { EXIT, UsageError } from "../exit.js";
import type { Command, CommandEntry } from "./command.js";

interface CompletionArgs {
  shell?: string;
}

/** The command, completing the commands of `commands` (the list it is one of). */
export const completionCommand = (commands: readonly CommandEntry[]): Command<CompletionArgs> => ({
  builder: (yargs: Argv) =>
    yargs.positional("shell", { type: "string", describe: `${SHELLS.join(" | ")} (the default)` }),
  async run(argv, io) {
    const shell = argv.shell ?? "bash";
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new UsageError(`completion: unknown shell ${JSON.stringify(shell)} (expected ${SHELLS.join(", ")})`);
    }
    io.stdout.write(await completionScript(commands, shell as Shell));
    return EXIT.ok;
  },
});
