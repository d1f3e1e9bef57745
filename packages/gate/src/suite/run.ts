/**
 * A test run: each scenario in turn, its traffic recorded through our proxy, then both verdicts. Server mode puts
 * the proxy between the suite and the server; client mode puts it between the client and the scenario server the
 * suite hosts (via the client shim, which the suite runs as the client command). The run directory keeps, per
 * scenario, the suite's own output (`suite/…/checks.json`), our traces (`traces/`) and our verdict (`verdict.json`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Actor } from "@mcp-conf/validator";
import { GateError } from "../errors.js";
import { CLIENT_COMMAND_ENV, TRACES_ENV } from "./client-shim-env.js";
import { unrecordedReason } from "./explanations.js";
import { runSuite, type Suite } from "./official-suite.js";
import { recordScenario } from "./recording.js";
import { compareScenario, judgeScenarioTraces, readSuiteChecks, type ScenarioVerdict } from "./verdicts.js";

export interface RunOptions {
  suite: Suite;
  scenarios: readonly string[];
  runDirectory: string;
  actor: Actor;
  /** Called as each scenario's verdict is ready. */
  onScenario?: (verdict: ScenarioVerdict) => void;
}

/** The scenario's directory name: `/` in auth scenario names kept out of paths. */
export function scenarioDirectory(runDirectory: string, scenario: string): string {
  return join(runDirectory, scenario.replace(/[^A-Za-z0-9._-]/g, "_"));
}

/** Runs the suite's server scenarios against `target` through a recording proxy. */
export async function runServerScenarios(target: URL, options: RunOptions): Promise<ScenarioVerdict[]> {
  const verdicts: ScenarioVerdict[] = [];
  for (const scenario of options.scenarios) {
    const dir = scenarioDirectory(options.runDirectory, scenario);
    const recording = await recordScenario(target, join(dir, "traces"), "server");
    try {
      await runSuite(options.suite, [
        "server",
        "--url",
        recording.url,
        "--scenario",
        scenario,
        "-o",
        join(dir, "suite"),
      ]);
    } finally {
      await recording.close();
    }
    verdicts.push(await concludeScenario(scenario, dir, options));
  }
  return verdicts;
}

/** The shim the suite runs as the client command; it records the real client's traffic (client-shim.ts). */
const shimPath = (): string => fileURLToPath(new URL("./suite-client-shim.js", import.meta.url));

/** Runs the suite's client scenarios against `command`, each one's traffic recorded by the shim's proxy. */
export async function runClientScenarios(command: readonly string[], options: RunOptions): Promise<ScenarioVerdict[]> {
  const shim = shimPath();
  const shimCommand = [process.execPath, shim];
  // The suite splits its --command on spaces and runs it through a shell.
  if (shimCommand.some((part) => /[\s'"$`\\]/.test(part))) {
    throw new GateError(
      `test client: the path ${JSON.stringify(shim)} has characters the suite cannot pass to a shell`,
    );
  }
  const verdicts: ScenarioVerdict[] = [];
  for (const scenario of options.scenarios) {
    const dir = scenarioDirectory(options.runDirectory, scenario);
    mkdirSync(join(dir, "traces"), { recursive: true });
    const unrecorded = unrecordedReason(scenario);
    const env: NodeJS.ProcessEnv = { ...process.env, [CLIENT_COMMAND_ENV]: JSON.stringify(command) };
    if (!unrecorded) env[TRACES_ENV] = join(dir, "traces");
    else delete env[TRACES_ENV];
    const args = ["client", "--command", shimCommand.join(" "), "--scenario", scenario, "-o", join(dir, "suite")];
    await runSuite(options.suite, args, { env });
    verdicts.push(await concludeScenario(scenario, dir, options, unrecorded));
  }
  return verdicts;
}

async function concludeScenario(
  scenario: string,
  dir: string,
  options: RunOptions,
  unrecorded?: string,
): Promise<ScenarioVerdict> {
  const ours = await judgeScenarioTraces(join(dir, "traces"), options.actor);
  const verdict = compareScenario(scenario, readSuiteChecks(join(dir, "suite")), { ...ours, unrecorded });
  writeFileSync(join(dir, "verdict.json"), `${JSON.stringify(verdict, null, 2)}\n`);
  options.onScenario?.(verdict);
  return verdict;
}
