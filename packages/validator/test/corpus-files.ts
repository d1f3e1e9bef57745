/**
 * The corpus as the tests and `pnpm bless` see it: where the traces live, how a trace file is judged (reader →
 * judge, keeping each check's statistics and each event's line), which golden reports exist and how each is
 * rendered. One module, so the golden test and the bless script cannot disagree about what a golden holds.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { type CheckStats, createJudge } from "../src/engine/judge.js";
import type { Report } from "../src/engine/types.js";
import { type RenderContext, type ReportFormat, renderReport } from "../src/report/index.js";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CORPUS_ROOT = join(REPO_ROOT, "corpus");
/** The revision whose corpus is the default (the latest the SDKs speak). */
export const REVISION = "2025-11-25";
/** Every revision with a corpus directory (`corpus/<revision>/`), oldest first. */
export const CORPUS_REVISIONS: readonly string[] = readdirSync(CORPUS_ROOT)
  .filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name))
  .sort();

/** `corpus/<revision>/golden`: the pinned reports of a revision's traces. */
export function goldenDir(revision: string): string {
  return join(CORPUS_ROOT, revision, "golden");
}

/** good: must pass; violations: must break their named requirement; real: recorded off the wire from real peers. */
export type TraceKind = "good" | "violations" | "real";

export interface CorpusTrace {
  /** The revision whose corpus directory holds it. */
  revision: string;
  kind: TraceKind;
  /** The file name without `.jsonl`, e.g. `tool-006-name-charset`. */
  name: string;
  path: string;
  /** The path relative to the repository root, with forward slashes: what reports name. */
  repoPath: string;
}

/** The traces of one kind in a revision's corpus, sorted by name. */
export function corpusTraces(kind: TraceKind, revision: string = REVISION): CorpusTrace[] {
  const dir = join(CORPUS_ROOT, revision, kind);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((file) => file.endsWith(".jsonl"))
    .sort()
    .map((file) => {
      const path = join(dir, file);
      return {
        revision,
        kind,
        name: file.slice(0, -".jsonl".length),
        path,
        repoPath: relative(REPO_ROOT, path).split("\\").join("/"),
      };
    });
}

export interface JudgedCorpusTrace {
  events: TraceEvent[];
  report: Report;
  stats: CheckStats[];
  context: RenderContext;
}

/** Reads and judges a corpus trace at the revision it declares. */
export function judgeCorpusTrace(trace: CorpusTrace): JudgedCorpusTrace {
  const events = readTraceSync(readFileSync(trace.path));
  const judge = createJudge();
  const lineOfSeq = new Map<number, number>();
  events.forEach((event, index) => {
    lineOfSeq.set(event.seq, index + 1);
    judge.observe(event);
  });
  const report = judge.finish();
  return { events, report, stats: judge.checkStats(), context: { trace: trace.repoPath, lineOfSeq } };
}

/** The file extension of each golden format. */
export const GOLDEN_EXTENSIONS: Record<ReportFormat, string> = {
  text: ".txt",
  json: ".json",
  junit: ".junit.xml",
  sarif: ".sarif",
};

/** Traces of the REVISION corpus pinned in all four formats (the rest of the pinned ones in json and text): the
 * seed's warning session, a clean streamable-HTTP session. */
export const ALL_FORMAT_TRACES: readonly string[] = ["tool-006-name-charset", "base-http-session"];

export interface GoldenTarget {
  trace: CorpusTrace;
  format: ReportFormat;
  /** The golden file's name inside `golden/`. */
  file: string;
}

/**
 * Every golden report a revision's corpus pins: json and text for every good trace and for the first violation trace of each
 * area, all four formats for the traces in `ALL_FORMAT_TRACES`.
 */
export function goldenTargets(revision: string = REVISION): GoldenTarget[] {
  const good = corpusTraces("good", revision);
  const violations = corpusTraces("violations", revision);
  const firstOfArea = new Map<string, CorpusTrace>();
  for (const trace of violations) {
    const area = trace.name.split("-")[0] ?? "";
    if (!firstOfArea.has(area)) firstOfArea.set(area, trace);
  }
  const allFormats = new Set(revision === REVISION ? ALL_FORMAT_TRACES : []);
  const chosen = [
    ...good,
    ...violations.filter((t) => firstOfArea.get(t.name.split("-")[0] ?? "") === t || allFormats.has(t.name)),
  ];
  const targets: GoldenTarget[] = [];
  for (const trace of chosen) {
    const formats: ReportFormat[] = allFormats.has(trace.name) ? ["text", "json", "junit", "sarif"] : ["text", "json"];
    for (const format of formats) targets.push({ trace, format, file: `${trace.name}${GOLDEN_EXTENSIONS[format]}` });
  }
  return targets;
}

/** Renders a golden target exactly as `mcp-conf validate --format F <repo-relative path>` prints it. */
export function renderGolden(target: GoldenTarget, judged: JudgedCorpusTrace = judgeCorpusTrace(target.trace)): string {
  return renderReport(judged.report, target.format, judged.context);
}

/**
 * The defects of real peers documented in corpus/README.md's "Real sessions" table (`| trace | requirement | … |`,
 * the trace written `<revision>/<name>`): the only failures a real session may show.
 */
export function documentedDefects(): { trace: string; requirement: string }[] {
  const readme = readFileSync(join(REPO_ROOT, "corpus", "README.md"), "utf8");
  const section = readme.split(/^## /m).find((s) => s.startsWith("Real sessions")) ?? "";
  const defects: { trace: string; requirement: string }[] = [];
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim().replace(/`/g, ""));
    if (cells.length >= 4 && /^[A-Z]+-\d{3}$/.test(cells[2] ?? ""))
      defects.push({ trace: cells[1]!, requirement: cells[2]! });
  }
  return defects;
}

/** `AREA-NNN` from a violation trace's name (`tool-006-name-charset` → `TOOL-006`), or undefined if misnamed. */
export function requirementIdOf(traceName: string): string | undefined {
  const match = /^([a-z]+)-(\d{3})-[a-z0-9][a-z0-9-]*$/.exec(traceName);
  return match ? `${match[1]!.toUpperCase()}-${match[2]}` : undefined;
}

/**
 * Requirements a violation trace necessarily breaks besides the one it is named after, from
 * `corpus/<revision>/violations/co-violations.json` (`{"<trace>": {"requirements": [...], "why": "..."}}`): a server
 * can only serve a request whose headers disagree with its body if a client sent one, so that trace fails the
 * client's clause too. Each entry says why; the corpus test holds that each listed requirement does fail.
 */
export function coViolations(revision: string): Map<string, string[]> {
  const path = join(CORPUS_ROOT, revision, "violations", "co-violations.json");
  if (!existsSync(path)) return new Map();
  const entries = JSON.parse(readFileSync(path, "utf8")) as Record<string, { requirements: string[]; why: string }>;
  return new Map(Object.entries(entries).map(([trace, entry]) => [trace, entry.requirements]));
}
