/**
 * @mcp-conf/analysis: what a recorded or running MCP session did — correlated calls with status and latency,
 * notifications, stderr, per-method and per-tool statistics, capabilities, definitions and their context cost, and
 * what the recording lost. The model every export, the viewer and the CI gate read.
 */

/** Analyze a whole trace (streamed or in memory), context cost included. */
export { type AnalyzeOptions, analyzeTrace } from "./analyze.js";
/** The incremental analyzer: observe events as they come, snapshot or finish. */
export { Analyzer } from "./analyzer.js";
/** Calls of two sessions paired by method and parameters; status and duration changes. */
export {
  type CallSide,
  type CallsComparison,
  compareCalls,
  DEFAULT_DURATION_THRESHOLDS,
  type DurationThresholds,
  type MatchedCall,
  type StatusChange,
} from "./compare/calls.js";
/** Two listings of definitions compared by name, field by field (schemas structurally, annotation defaults read in). */
export {
  compareDefinitions,
  DEFINITION_KINDS,
  type DefinitionChange,
  type DefinitionKind,
  type DefinitionsDiff,
  definitionsDiffer,
} from "./compare/definitions.js";
/** A structural comparison of two JSON values, one change per JSON Pointer. */
export { type ChangeKind, diffJson, type FieldChange, type JsonDiffOptions } from "./compare/json-diff.js";
/** Two sessions compared: definitions field by field, capabilities, protocol version, call statuses and durations. */
export {
  type ComparedSession,
  type CompareOptions,
  compareSessions,
  describeSession,
  type SessionComparison,
} from "./compare/sessions.js";
/** Context cost: tokens per definition, counted with gpt-tokenizer's o200k_base encoding. */
export { measureContextCost } from "./context-cost.js";
/** The analysis model's types and closed sets. */
export {
  CALL_STATUSES,
  type CallEntry,
  type CallStats,
  type CallStatus,
  type ContextCost,
  type Definition,
  type DefinitionCost,
  type DefinitionParts,
  type Definitions,
  type HttpEntry,
  type HttpExchange,
  type LatencySummary,
  type NotificationEntry,
  type ObservationLosses,
  type ResultCost,
  type SessionAnalysis,
  type SessionHeader,
  type SlowCall,
  type StrayEntry,
  type TextEntry,
  type TimelineEntry,
} from "./model.js";
