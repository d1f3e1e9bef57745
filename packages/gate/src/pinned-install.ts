/**
 * Pinned npm packages installed on first use into a directory of mcp-conf's state: programs a command runs (the
 * conformance suite, the demo's server and client) that the published CLI does not depend on, so an install of the
 * CLI stays light.
 */
import { mkdirSync } from "node:fs";
import { GateError } from "./errors.js";
import { runProcess } from "./run-process.js";

/** `npm install --prefix DIR SPECS…`; a failure is a one-line error of `command`. */
export async function installPinned(dir: string, specs: readonly string[], command: string): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const args = ["install", "--prefix", dir, "--no-audit", "--no-fund", "--ignore-scripts", ...specs];
  const run = await runProcess(npm, args, { env: process.env });
  if (run.exitCode !== 0) {
    const reason = run.stderr.trim().split("\n").pop() ?? `exit ${run.exitCode}`;
    throw new GateError(`${command}: cannot install ${specs.join(" ")} with npm: ${reason}`);
  }
}
