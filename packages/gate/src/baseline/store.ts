/**
 * The baseline store: one file per server label, `<state>/baselines/<label>.json` (or under `--baseline DIR`),
 * holding the tool definitions first trusted for that server. Baselines are private like traces (directory 0700,
 * file 0600), written through a temporary file renamed into place, and a label is checked before it becomes part of
 * a path. A file that is not a baseline is refused with one line (a GateError), never trusted.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileProblem, isPlainObject } from "@mcp-conf/trace-format";
import { GateError } from "../errors.js";
import { isSessionId } from "../sessions/store.js";
import { stateDirectory } from "../state-dir.js";

const FORMAT = "mcp-conf-baseline/1";

export interface Baseline {
  format: typeof FORMAT;
  label: string;
  /** When it was trusted (accepted or recorded on first use). */
  recordedAt: string;
  /** Where the definitions came from: the recorder's session id, the server's name and version. */
  source: { session?: string; server?: string };
  /** The tool definitions as the server listed them, by name. */
  tools: Record<string, unknown>[];
}

/** `--baseline DIR`, else `<state>/baselines`. */
export function baselinesDirectory(override: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return override ?? join(stateDirectory(env), "baselines");
}

/** The file of `label`'s baseline in `directory`; a label that cannot be a file name is a usage error. */
export function baselinePath(directory: string, label: string): string {
  // A label becomes a file name under the same rule as a session id.
  if (!isSessionId(label)) {
    throw new GateError(
      `baseline: the server label ${JSON.stringify(label)} cannot name a baseline (letters, digits, ".", "_", "-"); give one with --label`,
    );
  }
  return join(directory, `${label}.json`);
}

/** The baseline at `path`, or undefined when there is none. */
export function readBaseline(path: string): Baseline | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new GateError(`baseline: ${path}: ${fileProblem(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isBaseline(value)) {
    throw new GateError(`baseline: ${path} is not an mcp-conf baseline; remove it with --reset`);
  }
  return value;
}

function isBaseline(value: unknown): value is Baseline {
  return (
    isPlainObject(value) &&
    value.format === FORMAT &&
    typeof value.label === "string" &&
    typeof value.recordedAt === "string" &&
    isPlainObject(value.source) &&
    Array.isArray(value.tools) &&
    value.tools.every((tool) => isPlainObject(tool) && typeof tool.name === "string")
  );
}

/** Writes `baseline` to `path` (directory 0700, file 0600), replacing any baseline there. */
export function writeBaseline(path: string, baseline: Baseline): void {
  const directory = dirname(path);
  const temp = join(directory, `.${randomBytes(6).toString("hex")}.tmp`);
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(temp, `${JSON.stringify(baseline, null, 2)}\n`, { flag: "wx", mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new GateError(`baseline: ${path}: ${fileProblem(error)}`);
  }
}

/** Removes the baseline at `path`; false when there was none. */
export function removeBaseline(path: string): boolean {
  try {
    rmSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new GateError(`baseline: ${path}: ${fileProblem(error)}`);
  }
}

/** A new baseline of `tools` for `label`. */
export function newBaseline(
  label: string,
  tools: Record<string, unknown>[],
  source: Baseline["source"],
  now: Date = new Date(),
): Baseline {
  const sorted = [...tools].sort((a, b) =>
    String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0,
  );
  return { format: FORMAT, label, recordedAt: now.toISOString(), source, tools: sorted };
}
