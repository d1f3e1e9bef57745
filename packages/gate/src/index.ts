/**
 * @mcp-conf/gate: gating CI on recorded MCP sessions — the signals `mcp-conf check` fails on (driven by the
 * validator's check tags) with their text, JSON, JUnit and SARIF renderings; trust-on-first-use tool baselines and
 * drift; the store of recorded sessions; and the official conformance suite's verdicts beside the validator's.
 */

/** Tool-definition changes in words: one line per field, the rug-pull note. */
export {
  definitionsDiffLines,
  definitionsDiffSummary,
  fieldChangeLine,
  RUG_PULL_NOTE,
  shortValue,
} from "./baseline/changes-text.js";
/** Two sessions compared (`compareSessions` of @mcp-conf/analysis), as text and JSON. */
export { type DiffNames, renderComparisonJson, renderComparisonText } from "./baseline/comparison-text.js";
/** Drift of a trace's tools from its server label's baseline, and accepting a trace's tools as the baseline. */
export {
  acceptBaseline,
  baselineLabel,
  type DriftOptions,
  type DriftOutcome,
  driftAgainstBaseline,
} from "./baseline/drift.js";
/** The baseline store: one private file per server label. */
export {
  type Baseline,
  baselinePath,
  baselinesDirectory,
  newBaseline,
  readBaseline,
  removeBaseline,
  writeBaseline,
} from "./baseline/store.js";
/** One trace read once into the hits of the requested signals. */
export { type InspectOptions, type InspectRequest, type InspectResult, inspectTrace } from "./check/inspect.js";
/** Several traces checked across cores (worker threads), and one checked as `mcp-conf check` does. */
export {
  answerCheckRequests,
  BYTES_PER_WORKER,
  type CheckTracesOptions,
  checkTrace,
  checkTraces,
  defaultWorkers,
  largestFirst,
} from "./check/pool.js";
/** The check results as text, JSON, JUnit XML and SARIF 2.1.0, and the exit code they earn. */
export {
  CHECK_FORMATS,
  type CheckFormat,
  checkExitCode,
  hitLine,
  renderCheck,
  renderCheckJson,
  renderCheckJunit,
  renderCheckSarif,
  renderCheckText,
} from "./check/render.js";
/** `--fail-on` and `--max-duration` as text, checked. */
export { parseDuration, parseSignals } from "./check/signal-options.js";
/** The signals, their defaults, and how each is read off a trace's analysis and report. */
export {
  DEFAULT_SIGNALS,
  evaluateSignals,
  type HitOwner,
  type SecretFound,
  SIGNALS,
  type Signal,
  type SignalHit,
  type SignalInputs,
} from "./check/signals.js";
/** The gate's error: a problem the user can fix. */
export { GateError, isGateError } from "./errors.js";
/** Pinned npm packages a command runs, installed on first use into a directory of mcp-conf's state. */
export { installPinned } from "./pinned-install.js";
/** A program run to its end, its output collected. */
export { type ProcessRun, runProcess } from "./run-process.js";
/** `sessions prune --older-than AGE`: an age (`30d`, `72h`, `1h30m`) in milliseconds. */
export { parseAge } from "./sessions/age.js";
/** Whether stored sessions are still being recorded (their trace held open by a running process; their recorder alive). */
/** The state directory's sessions as a hub's store (what `mcp-conf open` serves). */
export { type StoredSessionsStore, storedSessionsStore } from "./sessions/hub-store.js";
export { openTraces, recorderGone, recorderGoneCheck } from "./sessions/liveness.js";
/** `sessions prune`: the sessions old enough to delete (never a running one), deleting them, and the report. */
export {
  deleteSessions,
  type PruneOptions,
  type PruneReport,
  type PruneSelection,
  renderPruneReport,
  sessionsToPrune,
} from "./sessions/prune.js";
/** The recorded sessions of the state directory: listing them, and an id to its trace. */
export {
  isSessionId,
  listStoredSessions,
  newestSessionPath,
  resolveTraceArgument,
  type StoredSession,
  storedSessionPath,
} from "./sessions/store.js";
/** Where mcp-conf keeps its state: the state directory, the sessions in it, the default trace path template. */
export { defaultTraceTemplate, sessionsDirectory, stateDirectory } from "./state-dir.js";
/** `mcp-conf test` in one call: the suite found, the server started when no URL is given, every scenario run. */
export { type ConformanceRunOptions, runConformance } from "./suite/conformance-run.js";
/** Why the suite and the validator may disagree on a check or a scenario, where it is known. */
export { SUITE_CHECK_REASONS, unrecordedReason } from "./suite/explanations.js";
/** The official suite as a program: found (option, project, or the pinned version installed on first use) and run. */
export {
  listScenarios,
  resolveSuite,
  runSuite,
  SUITE_PACKAGE,
  SUITE_VERSION,
  type Suite,
  suiteNodeArgs,
} from "./suite/official-suite.js";
/** A recording proxy in front of one scenario's server: one trace per MCP session. */
export { recordScenario, type ScenarioRecording } from "./suite/recording.js";
/** A suite run as text, JSON or JUnit XML, its totals, and whether it failed. */
export {
  type RunTotals,
  renderRun,
  runFailed,
  TEST_FORMATS,
  type TestFormat,
  type TestRun,
  totalsOfRun,
} from "./suite/render.js";
/** The suite's scenarios run through our recorder, each concluded with both verdicts. */
export { type RunOptions, runClientScenarios, runServerScenarios, scenarioDirectory } from "./suite/run.js";
/** The server under test as a child process listening on the free port it is given in PORT. */
export { freePort, type ServerProcess, startServerProcess } from "./suite/server-process.js";
/** The official suite's checks of a scenario and the validator's rows over its traces, side by side. */
export {
  compareScenario,
  type Disagreement,
  judgeScenarioTraces,
  type OurFinding,
  type OurOutcome,
  type OurRow,
  readSuiteChecks,
  type ScenarioVerdict,
  SUITE_REVISION,
  type SuiteCheck,
  type SuiteStatus,
} from "./suite/verdicts.js";
