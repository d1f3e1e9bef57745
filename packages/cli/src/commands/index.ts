/** The commands mcp-conf offers, in the order `--help` lists them. */
import type { Argv } from "yargs";
import type { Io } from "../main.js";
import { demoCommand } from "./demo.js";
import { exportCommand } from "./export.js";
import { recordCommand } from "./record.js";
import { requirementsCommand } from "./requirements.js";
import { validateCommand } from "./validate.js";
import { watchCommand } from "./watch.js";

export interface Command<A = Record<string, unknown>> {
  command: string | string[];
  describe: string;
  builder: (yargs: Argv) => Argv;
  /** Resolves to the exit code. Throw `UsageError` for bad input. */
  run(argv: A, io: Io): Promise<number>;
}

export const COMMANDS: Command<never>[] = [
  demoCommand,
  watchCommand,
  recordCommand,
  validateCommand,
  requirementsCommand,
  exportCommand,
];
