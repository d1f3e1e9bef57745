/**
 * `mcp-conf sessions [ls | show ID | prune --older-than AGE [--dry-run] [--yes]] [--format text|json]`: the recorded
 * sessions in the state directory (docs/cli.md). `ls` lists them newest first with label, start, duration, exchanges
 * and verdict; `show` one session's facts; `prune` deletes the traces last written longer ago than AGE — only after
 * `--yes`, or a "y" typed at a terminal, and never from a script that did not say `--yes`. Baselines are left alone:
 * they belong to a server label, not to a session. Exit codes: 0 done, 2 bad invocation (an unknown action or id, a
 * missing or bad age, prune without --yes off a terminal, a trace that cannot be deleted).
 */
import { createInterface } from "node:readline";
import {
  renderSessionJson,
  renderSessionList,
  renderSessionListJson,
  renderSessionText,
  type SessionSummary,
  summarizeSessions,
} from "@mcp-conf/export";
import {
  deleteSessions,
  isSessionId,
  listStoredSessions,
  parseAge,
  renderPruneReport,
  sessionsDirectory,
  sessionsToPrune,
} from "@mcp-conf/gate";
import { escapeTerminal, type ReadTraceOptions, readTraceFile } from "@mcp-conf/trace-format";
import type { Argv } from "yargs";
import { EXIT, type Io, UsageError } from "../exit.js";
import { type MaxEventsArgs, maxEventsOption, readLimits } from "../max-events.js";
import type { Command } from "./command.js";

interface SessionsArgs extends MaxEventsArgs {
  action?: string;
  id?: string;
  "older-than"?: string;
  "dry-run"?: boolean;
  yes?: boolean;
  format: string;
}

const ACTIONS = ["ls", "show", "prune"] as const;
const FORMATS = ["text", "json"] as const;

export const sessionsCommand: Command<SessionsArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("action", { type: "string", describe: `${ACTIONS.join(" | ")} (default ls)` })
      .positional("id", { type: "string", describe: "the session id (show)" })
      .option("older-than", { type: "string", describe: "prune: the age, e.g. 30d, 72h, 1h30m (required)" })
      .option("dry-run", { type: "boolean", describe: "prune: list what would be deleted, delete nothing" })
      .option("yes", { type: "boolean", describe: "prune: delete without asking (required when not on a terminal)" })
      .option("format", { alias: "f", type: "string", default: "text", describe: `output: ${FORMATS.join(" | ")}` })
      .options(maxEventsOption),
  async run(argv, io) {
    const action = argv.action ?? "ls";
    if (!(ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(`sessions: unknown action ${JSON.stringify(action)} (expected ${ACTIONS.join(", ")})`);
    }
    if (!(FORMATS as readonly string[]).includes(argv.format)) {
      throw new UsageError(`sessions: unknown format ${JSON.stringify(argv.format)} (expected text, json)`);
    }
    if (action !== "show" && argv.id !== undefined) {
      throw new UsageError(`sessions ${action}: unexpected argument ${JSON.stringify(argv.id)}`);
    }
    if (action !== "prune" && (argv["older-than"] !== undefined || argv["dry-run"] || argv.yes)) {
      throw new UsageError(`sessions ${action}: --older-than, --dry-run and --yes belong to prune`);
    }
    const json = argv.format === "json";
    const limits = readLimits("sessions", argv);
    const directory = sessionsDirectory();
    switch (action) {
      case "show":
        return show(argv.id, json, limits, io);
      case "prune":
        return prune(argv, directory, io);
      default: {
        const sessions = listStoredSessions(undefined, skippedEntry(io));
        const summaries = await summarizeSessions(sessions, (session) => readTraceFile(session.path, limits));
        io.stdout.write(json ? renderSessionListJson(summaries, directory) : renderSessionList(summaries, directory));
        return EXIT.ok;
      }
    }
  },
};

async function show(id: string | undefined, json: boolean, limits: ReadTraceOptions, io: Io): Promise<number> {
  if (id === undefined) throw new UsageError("sessions show: name the session (an id from mcp-conf sessions ls)");
  if (!isSessionId(id)) throw new UsageError(`sessions show: ${JSON.stringify(id)} is not a session id`);
  const stored = listStoredSessions();
  const session = stored.find((candidate) => candidate.id === id);
  if (!session) {
    throw new UsageError(
      `sessions show: no session ${JSON.stringify(id)} in ${sessionsDirectory()}; mcp-conf sessions ls lists them`,
    );
  }
  const [summary] = (await summarizeSessions([session], () => readTraceFile(session.path, limits), stored)) as [
    SessionSummary,
  ];
  io.stdout.write(json ? renderSessionJson(summary) : renderSessionText(summary));
  return EXIT.ok;
}

async function prune(argv: SessionsArgs, directory: string, io: Io): Promise<number> {
  const given = argv["older-than"];
  if (given === undefined) throw new UsageError("sessions prune: say how old with --older-than (e.g. 30d, 72h)");
  const age = parseAge(given);
  if (age === undefined) {
    throw new UsageError(
      `sessions prune: --older-than takes an age such as 30d, 72h or 1h30m, not ${JSON.stringify(given)}`,
    );
  }
  const { old, running } = sessionsToPrune(age, { skipped: skippedEntry(io) });
  if (running > 0) io.stderr.write(`mcp-conf sessions: kept ${running} session(s) still being recorded\n`);
  const report = { sessions: old, olderThan: given, directory, deleted: false };
  const format = argv.format === "json" ? "json" : "text";
  if (argv["dry-run"] || old.length === 0) {
    io.stdout.write(renderPruneReport(report, format));
    return EXIT.ok;
  }
  if (!argv.yes) {
    const stdin = io.stdin as NodeJS.ReadStream;
    if (!stdin.isTTY) {
      throw new UsageError(
        `sessions prune: would delete ${old.length} session(s); not on a terminal, so say --yes (or --dry-run to list them)`,
      );
    }
    const question = `delete ${old.length} session(s) last written more than ${given} ago from ${directory}? [y/N] `;
    if (!(await confirm(question, io))) {
      io.stdout.write("nothing deleted\n");
      return EXIT.ok;
    }
  }
  deleteSessions(old);
  io.stdout.write(renderPruneReport({ ...report, deleted: true }, format));
  return EXIT.ok;
}

async function confirm(question: string, io: Io): Promise<boolean> {
  io.stderr.write(question);
  const lines = createInterface({ input: io.stdin });
  try {
    for await (const line of lines) return /^y(es)?$/i.test(line.trim());
    return false;
  } finally {
    lines.close();
  }
}

/** Says on stderr which entry of the sessions directory was left out, and why (`ELOOP`: a looping link). */
function skippedEntry(io: Io): (name: string, problem: string) => void {
  return (name, problem) =>
    io.stderr.write(
      `mcp-conf sessions: skipped ${escapeTerminal(JSON.stringify(name))} in the sessions directory (${problem})\n`,
    );
}
