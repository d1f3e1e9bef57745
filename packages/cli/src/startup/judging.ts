/**
 * The judging commands (`validate`, `check`) and check's per-trace work, built as one CommonJS bundle
 * (dist/judging.cjs) that `bin.ts` and check's worker threads load through V8's code cache (code-cache.ts), so a
 * judging run neither resolves nor compiles the ESM graph of the CLI and the validator. Only command lines that need
 * neither yargs nor a project file run here; `main` runs the rest. Each command is imported when it runs: in the
 * bundle, a module reached only by `import()` is evaluated on first use, so `validate` never evaluates check's
 * modules (the analysis model, the secret detector, worker threads) nor check validate's.
 */
import type { Command } from "../commands/command.js";
import type { Io } from "../exit.js";
import { runPlain } from "../plain.js";

/** The scripts the bundle loaded (the compiled schemas): their caches' fate, and the build's training run writes them. */
export { loadedScripts, writeCodeCaches } from "./code-cache.js";

const JUDGING_COMMANDS: Readonly<Record<string, () => Promise<Command<never>>>> = {
  validate: async () => (await import("../commands/validate.js")).validateCommand,
  check: async () => (await import("../commands/check.js")).checkCommand,
};

/**
 * Runs `args` (`validate …` or `check …`) without yargs, or resolves to undefined when `main` must run them. The
 * caller has made sure that no project file applies (its defaults are main's to apply).
 */
export async function runPlainCommand(args: readonly string[], io: Io): Promise<number | undefined> {
  const load = Object.hasOwn(JUDGING_COMMANDS, args[0] ?? "") ? JUDGING_COMMANDS[args[0]!] : undefined;
  return load === undefined ? undefined : runPlain(await load(), args.slice(1), io);
}

/** @mcp-conf/gate, for check's worker threads (its answerCheckRequests) and the check bench (its checkTrace). */
export async function loadGate(): Promise<typeof import("@mcp-conf/gate")> {
  return import("@mcp-conf/gate");
}
