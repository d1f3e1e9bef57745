/**
 * `mcp-conf test` as one call: the official suite found, its scenarios checked against the ones asked for, a run
 * directory made (by default `<state>/test-runs/<mode>-<time>`), the server under test started with a free `PORT`
 * when no URL is given, every scenario run through our recorder, and the run with both verdicts per scenario.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Actor } from "@mcp-conf/validator";
import { GateError } from "../errors.js";
import { stateDirectory } from "../state-dir.js";
import { listScenarios, resolveSuite, SUITE_PACKAGE, type Suite } from "./official-suite.js";
import type { TestRun } from "./render.js";
import { runClientScenarios, runServerScenarios } from "./run.js";
import { type ServerProcess, startServerProcess } from "./server-process.js";

export interface ConformanceRunOptions {
  /** Which side is under test. */
  mode: "server" | "client";
  /** server: the http(s) URL of a running server's MCP endpoint (else `command` is started with a `PORT`). */
  url?: string;
  /** The server command (started with `PORT`), or the client command (each scenario's URL appended). */
  command?: readonly string[];
  /** The scenarios to run (default: every one the suite lists for the mode); one the suite lacks is a GateError. */
  scenarios?: readonly string[];
  /** Whose clauses the validator judges (default: the side under test). */
  actor?: Actor;
  /** Where traces, the suite's checks and verdicts go (default: `<state>/test-runs/<mode>-<time>`). */
  runDirectory?: string;
  /** A directory holding the suite's package, instead of the project's or the pinned one. */
  suite?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** server: how long `command` may take to listen (default 30 s). */
  startupTimeoutMs?: number;
  /** Told what will run, before anything does. */
  onStart?: (plan: { suite: Suite; scenarios: readonly string[]; runDirectory: string }) => void;
}

/** Runs the suite's scenarios against the server or the client; the run, ready for `renderRun` and `runFailed`. */
export async function runConformance(options: ConformanceRunOptions): Promise<TestRun> {
  const { mode, command = [], env = process.env, cwd = process.cwd() } = options;
  const actor = options.actor ?? mode;
  const given = options.url === undefined ? undefined : httpUrl(options.url);
  const suite = await resolveSuite(options.suite, cwd, env);
  const known = await listScenarios(suite, mode);
  const scenarios = options.scenarios ?? known;
  const unknown = scenarios.filter((scenario) => !known.includes(scenario));
  if (unknown.length > 0) {
    throw new GateError(
      `test ${mode}: unknown scenario ${JSON.stringify(unknown[0])}; the suite has: ${known.join(", ")}`,
    );
  }
  const runDirectory = resolve(
    cwd,
    options.runDirectory ??
      join(stateDirectory(env), "test-runs", `${mode}-${new Date().toISOString().replace(/[:.]/g, "-")}`),
  );
  mkdirSync(runDirectory, { recursive: true, mode: 0o700 });
  options.onStart?.({ suite, scenarios, runDirectory });
  const plan = { suite, scenarios, runDirectory, actor };
  const about = { package: SUITE_PACKAGE, version: suite.version, source: suite.source };
  if (mode === "client") {
    const verdicts = await runClientScenarios(command, plan);
    return { mode, target: command.join(" "), actor, suite: about, runDirectory, scenarios: verdicts };
  }
  let server: ServerProcess | undefined;
  try {
    if (given === undefined) server = await startServerProcess([...command], options.startupTimeoutMs ?? 30_000);
    const url = given ?? new URL(`http://localhost:${server!.port}/mcp`);
    const target = options.url ?? `${command.join(" ")} (${url.href})`;
    const verdicts = await runServerScenarios(url, plan);
    return { mode, target, actor, suite: about, runDirectory, scenarios: verdicts };
  } finally {
    await server?.stop();
  }
}

function httpUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw new GateError(`test server: --url ${JSON.stringify(value)} is not an http(s) URL`);
}
