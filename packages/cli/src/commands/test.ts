/**
 * `mcp-conf test server (--url URL | -- CMD…)` and `mcp-conf test client -- CMD…`: the official conformance suite
 * driven through our recorder, its verdicts and ours side by side per scenario, then where they disagree
 * (docs/test.md). Exit 0 when both sides pass every scenario, 1 when either fails one, 2 on a bad invocation.
 */
import { renderRun, runConformance, runFailed, SUITE_PACKAGE, TEST_FORMATS, type TestFormat } from "@mcp-conf/gate";
import type { Actor } from "@mcp-conf/validator";
import type { Argv } from "yargs";
import { EXIT, UsageError } from "../exit.js";
import type { Command } from "./command.js";
import { serverCommand } from "./record.js";

interface TestArgs {
  _: (string | number)[];
  mode: string;
  command?: string[];
  url?: string;
  scenario?: string[];
  actor?: string;
  format: string;
  "run-dir"?: string;
  conformance?: string;
  "startup-timeout": number;
}

const ACTORS = ["server", "client", "both"] as const;

export const testCommand: Command<TestArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("mode", { type: "string", choices: ["server", "client"], describe: "which side is under test" })
      .positional("command", { type: "string", array: true, describe: "the server or client command, after --" })
      .option("url", { type: "string", describe: "server: the MCP endpoint of a running server" })
      .option("scenario", {
        type: "string",
        array: true,
        describe: "run only these scenarios (default: every one listed)",
      })
      .option("actor", {
        type: "string",
        describe: "whose clauses we judge: server | client | both (default: the side under test)",
      })
      .option("format", {
        alias: "f",
        type: "string",
        default: "text",
        describe: `output: ${TEST_FORMATS.join(" | ")}`,
      })
      .option("run-dir", { type: "string", describe: "where traces, the suite's checks.json and verdicts go" })
      .option("conformance", { type: "string", describe: `a directory holding the ${SUITE_PACKAGE} package to use` })
      .option("startup-timeout", {
        type: "number",
        default: 30_000,
        describe: "server: ms to wait for CMD to listen on $PORT",
      })
      .example("$0 test server -- node server.js", "start the server with PORT set, run every server scenario")
      .example(
        "$0 test server --url http://127.0.0.1:3000/mcp --scenario ping",
        "one scenario against a running server",
      )
      .example("$0 test client -- node client.js", "run every client scenario; the scenario URL is appended"),
  async run(argv, io) {
    const mode = argv.mode === "client" ? "client" : "server";
    const format = parseFormat(argv.format);
    const actor = parseActor(argv.actor ?? mode);
    const command = serverCommand(argv, "test");
    if (mode === "client" && command.length === 0)
      throw new UsageError("test client: name the client command after --");
    if (mode === "client" && argv.url !== undefined) throw new UsageError("test client: --url belongs to test server");
    if (mode === "server" && (argv.url === undefined) === (command.length === 0)) {
      throw new UsageError("test server: give either --url URL or the server command after --");
    }
    const run = await runConformance({
      mode,
      command,
      actor,
      env: process.env,
      startupTimeoutMs: argv["startup-timeout"],
      ...(argv.url === undefined ? {} : { url: argv.url }),
      ...(argv.scenario === undefined ? {} : { scenarios: argv.scenario.map(String) }),
      ...(argv["run-dir"] === undefined ? {} : { runDirectory: argv["run-dir"] }),
      ...(argv.conformance === undefined ? {} : { suite: argv.conformance }),
      onStart: ({ suite, scenarios, runDirectory }) =>
        io.stderr.write(
          `mcp-conf test: ${scenarios.length} ${mode} scenario(s) with ${SUITE_PACKAGE} ${suite.version}; run directory ${runDirectory}\n`,
        ),
    });
    io.stdout.write(renderRun(run, format));
    return runFailed(run) ? EXIT.fail : EXIT.ok;
  },
};

function parseFormat(value: string): TestFormat {
  if ((TEST_FORMATS as readonly string[]).includes(value)) return value as TestFormat;
  throw new UsageError(`test: --format ${JSON.stringify(value)} is not one of ${TEST_FORMATS.join(", ")}`);
}

function parseActor(value: string): Actor {
  if ((ACTORS as readonly string[]).includes(value)) return value as Actor;
  throw new UsageError(`test: --actor ${JSON.stringify(value)} is not one of ${ACTORS.join(", ")}`);
}
