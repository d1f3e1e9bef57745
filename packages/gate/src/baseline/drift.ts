/**
 * Tool-definition drift against the trust-on-first-use baseline of a server label — what `mcp-conf baseline` prints
 * and `check --fail-on drift` gates on. The first trace of a label that lists tools becomes its baseline; a later
 * trace's tools are compared with it field by field by @mcp-conf/analysis's `compareDefinitions`, so a description
 * that changed (the way a "rug pull" shows), a schema or an annotation hint is named by its JSON Pointer.
 */
import {
  compareDefinitions,
  type Definition,
  type DefinitionsDiff,
  definitionsDiffer,
  describeSession,
  type SessionAnalysis,
} from "@mcp-conf/analysis";
import { baselinePath, baselinesDirectory, newBaseline, readBaseline, writeBaseline } from "./store.js";

export interface DriftOptions {
  /** `--baseline DIR`; default `<state>/baselines`. */
  directory?: string;
  env?: NodeJS.ProcessEnv;
  /** The server label; default the label the recorder wrote into the trace. */
  label?: string;
  /** No baseline yet: make this trace's tools the baseline (status "recorded"). Default true. */
  trustFirstUse?: boolean;
  /** The clock, for the baseline's `recordedAt`. */
  now?: Date;
}

export type DriftOutcome =
  /** The baseline was written from this trace (first use), or this trace matches it. */
  | { status: "recorded" | "same"; label: string; path: string; recordedAt: string; tools: number }
  /** This trace's tools differ from the baseline's. */
  | { status: "drift"; label: string; path: string; recordedAt: string; tools: number; changes: DefinitionsDiff }
  /** No baseline, and `trustFirstUse` was off. */
  | { status: "no-baseline"; label: string; path: string; tools: number }
  /** The trace never listed tools: nothing to compare. */
  | { status: "no-tools"; label: string }
  /** Neither the trace nor the options name the server. */
  | { status: "no-label" };

/** The label a trace is baselined under: the one given, else the recorder's. */
export function baselineLabel(analysis: SessionAnalysis, label?: string): string | undefined {
  return label ?? analysis.session.label;
}

/** Compares the trace's tools with its label's baseline, writing the baseline on first use. */
export function driftAgainstBaseline(analysis: SessionAnalysis, options: DriftOptions = {}): DriftOutcome {
  const label = baselineLabel(analysis, options.label);
  if (label === undefined) return { status: "no-label" };
  const path = baselinePath(baselinesDirectory(options.directory, options.env), label);
  const current = analysis.definitions.tools;
  if (current.length === 0) return { status: "no-tools", label };
  const baseline = readBaseline(path);
  if (!baseline) {
    if (options.trustFirstUse === false) return { status: "no-baseline", label, path, tools: current.length };
    const written = newBaseline(
      label,
      current.map((tool) => tool.definition),
      sourceOf(analysis),
      options.now,
    );
    writeBaseline(path, written);
    return { status: "recorded", label, path, recordedAt: written.recordedAt, tools: current.length };
  }
  const trusted: Definition[] = baseline.tools.map((tool) => ({ name: String(tool.name), seq: 0, definition: tool }));
  const changes = compareDefinitions("tools", trusted, current);
  const facts = { label, path, recordedAt: baseline.recordedAt, tools: current.length };
  return definitionsDiffer(changes) ? { status: "drift", ...facts, changes } : { status: "same", ...facts };
}

/** Makes this trace's tools the baseline of its label, whatever was there. */
export function acceptBaseline(
  analysis: SessionAnalysis,
  options: DriftOptions = {},
): { label: string; path: string; tools: number } | { status: "no-tools" | "no-label" } {
  const label = baselineLabel(analysis, options.label);
  if (label === undefined) return { status: "no-label" };
  const path = baselinePath(baselinesDirectory(options.directory, options.env), label);
  const current = analysis.definitions.tools;
  if (current.length === 0) return { status: "no-tools" };
  writeBaseline(
    path,
    newBaseline(
      label,
      current.map((tool) => tool.definition),
      sourceOf(analysis),
      options.now,
    ),
  );
  return { label, path, tools: current.length };
}

function sourceOf(analysis: SessionAnalysis): { session?: string; server?: string } {
  const { id, server } = describeSession(analysis);
  const source: { session?: string; server?: string } = {};
  if (id !== undefined) source.session = id;
  if (server !== undefined) source.server = server;
  return source;
}
