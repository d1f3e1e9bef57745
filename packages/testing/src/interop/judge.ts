/**
 * Judging the matrix's traces with the built CLI's `mcp-conf validate --format json` (one process for all the
 * traces of a cell; its reports follow one another in the order given), kept down to what the matrix shows.
 */
import { CLI, REPO_ROOT } from "../peers/catalogue.js";
import { run } from "../peers/launch.js";

export interface Complaint {
  id: string;
  outcome: "fail" | "warn";
  level: string;
  /** The first finding's detail, for the page and for whoever explains it. */
  detail: string;
}

export interface TraceJudgement {
  /** Where the trace was recorded (a temporary path unless the matrix keeps them). */
  path: string;
  revision: string;
  complaints: Complaint[];
}

interface Row {
  id: string;
  level: string;
  outcome: string;
  findings?: { detail: string }[];
}

/** Splits `validate --format json` output of several traces into its reports. */
function reports(stdout: string): { revision: string; requirements: Row[] }[] {
  return stdout
    .split(/\n(?=\{\n)/)
    .filter((part) => part.trim() !== "")
    .map((part) => JSON.parse(part));
}

export async function judgeTraces(paths: readonly string[]): Promise<TraceJudgement[]> {
  if (paths.length === 0) return [];
  const finished = await run([process.execPath, CLI, "validate", "--format", "json", ...paths], {
    cwd: REPO_ROOT,
    timeoutMs: 300_000,
  });
  const parsed = reports(finished.stdout);
  if (parsed.length !== paths.length) {
    throw new Error(`validate gave ${parsed.length} reports for ${paths.length} traces: ${finished.stderr}`);
  }
  return parsed.map((report, i) => ({
    path: paths[i]!,
    revision: report.revision,
    complaints: report.requirements
      .filter((r) => r.outcome === "fail" || r.outcome === "warn")
      .map((r) => ({
        id: r.id,
        outcome: r.outcome as "fail" | "warn",
        level: r.level,
        detail: r.findings?.[0]?.detail ?? "",
      })),
  }));
}
