/**
 * @mcp-conf/analysis: what a recorded or running MCP session did — correlated calls with status and latency,
 * notifications, stderr, per-method and per-tool statistics, capabilities, definitions and their context cost, and
 * what the recording lost. The model every export, the viewer and the CI gate read.
 */

/** Analyze a whole trace (streamed or in memory), context cost included. */
export { type AnalyzeOptions, analyzeTrace } from "./analyze.js";
/** The incremental analyzer: observe events as they come, snapshot or finish. */
export { Analyzer } from "./analyzer.js";
/** The status rules: what a call is about, and what its answer (or its absence) makes of it. */
export { answeredStatus, cancelledRequestId, targetOf, unansweredStatus } from "./call-status.js";
/** Calls of two sessions paired by method and parameters; status and duration changes. */
export {
  type CallSide,
  type CallsComparison,
  compareCalls,
  DEFAULT_DURATION_THRESHOLDS,
  type DurationThresholds,
  durationChange,
  type MatchedCall,
  type StatusChange,
} from "./compare/calls.js";
/** Two listings of definitions compared by name, field by field (schemas structurally, annotation defaults read in). */
export {
  ANNOTATION_DEFAULTS,
  compareDefinitions,
  DEFINITION_KINDS,
  type DefinitionChange,
  type DefinitionKind,
  type DefinitionsDiff,
  definitionsDiffer,
} from "./compare/definitions.js";
/** A structural comparison of two JSON values, one change per JSON Pointer. */
export { type ChangeKind, diffJson, type FieldChange, type JsonDiffOptions, jsonPointer } from "./compare/json-diff.js";
/** Two sessions compared: definitions field by field, capabilities, protocol version, call statuses and durations. */
export {
  type ComparedSession,
  type CompareOptions,
  changesBehaviour,
  compareSessions,
  describeSession,
  type SessionComparison,
} from "./compare/sessions.js";
/** Context cost: tokens per definition, counted with gpt-tokenizer's o200k_base encoding. */
export { loadTokenCounter, measureContextCost, TOKENIZER } from "./context-cost.js";
/** The analysis model's types and closed sets. */
export * from "./model.js";
/** Latency percentiles and per-method / per-tool statistics. */
export { callStats, emptyStatusCounts, nearestRank, slowestCalls, summarizeLatency } from "./stats.js";
