/**
 * The whole-trace entry point: feed every event to an Analyzer, finish, and measure the context cost.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Analyzer } from "./analyzer.js";
import { measureContextCost } from "./context-cost.js";
import type { SessionAnalysis } from "./model.js";

export interface AnalyzeOptions {
  /** Count the definitions' tokens (loads the tokenizer, about a second). Default true. */
  contextCost?: boolean;
}

/** Analyzes a whole trace, streamed or in memory. */
export async function analyzeTrace(
  events: Iterable<TraceEvent> | AsyncIterable<TraceEvent>,
  options: AnalyzeOptions = {},
): Promise<SessionAnalysis> {
  const analyzer = new Analyzer();
  for await (const event of events) analyzer.observe(event);
  const analysis = analyzer.finish();
  if (options.contextCost !== false)
    analysis.contextCost = await measureContextCost(analysis.definitions, analysis.timeline);
  return analysis;
}
