/**
 * The shell completion script `mcp-conf completion` prints: command names, each command's options (read from the
 * builder yargs is handed, so a new option completes without editing this file), the words a command's first
 * positional takes, the values of options that declare choices, and file names elsewhere. After a bare `--` the
 * words are the wrapped server's command line, completed as commands and files. Bash only: zsh's bashcompinit
 * does not filter `compgen -W` by the word being completed.
 */
import yargs, { type Argv } from "yargs";
import { type CommandEntry, commandName } from "../commands/command.js";

export const SHELLS = ["bash"] as const;
export type Shell = (typeof SHELLS)[number];

/** The words a command's first positional takes where the builder does not declare them as choices. */
const MODES: Readonly<Record<string, readonly string[]>> = {
  watch: ["stdio", "http"],
  record: ["stdio", "http"],
  sessions: ["ls", "show", "prune"],
};

interface Completable {
  name: string;
  options: string[];
  words: readonly string[];
  choices: Record<string, readonly string[]>;
}

type Built = Argv & {
  getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]>; choices: Record<string, string[]> };
};

async function completable(entry: CommandEntry): Promise<Completable> {
  const name = commandName(entry);
  const positionals = new Set([...entry.command.matchAll(/[<[]([\w-]+)(?:\.\.)?[\]>]/g)].map((m) => m[1]!));
  const command = await entry.load();
  const { key, alias, choices } = (command.builder(yargs([])) as Built).getOptions();
  const options: string[] = [];
  const valueChoices: Record<string, readonly string[]> = {};
  for (const option of Object.keys(key)) {
    if (positionals.has(option) || option === "help" || option === "version") continue;
    const spellings = [option, ...(alias[option] ?? [])].map((o) => (o.length === 1 ? `-${o}` : `--${o}`));
    options.push(...spellings.filter((s) => s.startsWith("--")));
    if (choices[option]) for (const spelling of spellings) valueChoices[spelling] = choices[option]!;
  }
  const first = [...positionals][0];
  const words = MODES[name] ?? (first !== undefined ? (choices[first] ?? []) : []);
  return { name, options: [...new Set(options), "--help"].sort(), words, choices: valueChoices };
}

const quote = (words: readonly string[]) => `'${words.join(" ")}'`;

/** The completion script for `shell`, from the commands `mcp-conf` has. */
export async function completionScript(commands: readonly CommandEntry[], shell: Shell): Promise<string> {
  const entries = await Promise.all(commands.map(completable));
  const cases = entries.map((entry) => {
    const values = Object.entries(entry.choices).map(
      ([option, words]) => `        ${option}) values=${quote(words)} ;;`,
    );
    return [
      `    ${entry.name})`,
      `      opts=${quote(entry.options)}; first=${quote(entry.words)}`,
      ...(values.length > 0 ? ['      case "$prev" in', ...values, "      esac"] : []),
      "      ;;",
    ].join("\n");
  });
  const names = entries.map((entry) => entry.name);
  const lines = [
    `# mcp-conf ${shell} completion. Load it from your shell's start-up file: eval "$(mcp-conf completion ${shell})"`,
    "_mcp_conf() {",
    `  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" opts="" first="" values="" i`,
    "  COMPREPLY=()",
    '  if [ "$COMP_CWORD" -eq 1 ]; then',
    `    COMPREPLY=($(compgen -W ${quote([...names, "--help", "--version"])} -- "$cur"))`,
    "    return 0",
    "  fi",
    "  for ((i = 1; i < COMP_CWORD; i++)); do",
    `    if [ "\${COMP_WORDS[i]}" = "--" ]; then`,
    '      if [ "$i" -eq $((COMP_CWORD - 1)) ]; then COMPREPLY=($(compgen -c -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi',
    "      return 0",
    "    fi",
    "  done",
    `  case "\${COMP_WORDS[1]}" in`,
    ...cases,
    "  esac",
    '  if [ -n "$values" ]; then',
    '    COMPREPLY=($(compgen -W "$values" -- "$cur"))',
    '  elif [[ "$cur" == -* ]]; then',
    '    COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
    '  elif [ "$COMP_CWORD" -eq 2 ] && [ -n "$first" ]; then',
    '    COMPREPLY=($(compgen -W "$first" -- "$cur"))',
    "  else",
    '    COMPREPLY=($(compgen -f -- "$cur"))',
    "  fi",
    "  return 0",
    "}",
    "complete -o default -F _mcp_conf mcp-conf",
    "",
  ];
  return lines.join("\n");
}
