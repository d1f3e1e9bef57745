/**
 * @mcp-conf/validator holds the MCP specification as data (a registry of verbatim clauses per revision), the checks
 * that judge them, the incremental engine both `validate` and the live judge run, and the reports. Pure: no I/O,
 * no clock, no network.
 */

/** Findings attributed to the requirements they count against, live (one at a time) or from a finished report. */
export { Attribution, findingsOfReport, type QuotedFinding } from "./attribution.js";
/** Every check the validator ships, and the ids of those carrying a tag. */
export { ALL_CHECKS, checksTagged } from "./checks/index.js";
/** Typed errors: an undeclared or unknown revision; input that is not a trace; a check that threw (a bug in a check). */
export { CheckError, RevisionError, type RevisionProblem, TraceInputError } from "./engine/errors.js";
/** The engine: `createJudge` for incremental (live) judging, `validate` for a whole trace. */
export { type CheckStats, createJudge, type Judge, type JudgeOptions, validate } from "./engine/judge.js";
/** Row precedence, totals and verdict, as the engine applies them; a finding's identity under its requirement. */
export { findingKey, judgeRequirement, levelFails } from "./engine/outcome.js";
/** A probe session linked to the stdio session that follows it, and the server's declaration it holds (`JudgeOptions.probe`). */
export { isProbeOf, isProbeSession, PROBE_LINK_WINDOW_MS, type ProbeFacts, probeFacts } from "./engine/probe.js";
/** Which revision a trace is judged at (`--revision`, initialize, `_meta`, the header): the one place that decides. */
export {
  chooseRevision,
  latestRevision,
  opensWithInitialize,
  type RevisionChoice,
  type RevisionQuestion,
  type RevisionSource,
} from "./engine/revision.js";
/** The shared vocabulary: requirements, findings, outcomes, verdicts, report rows; and the exhaustiveness guard. */
export {
  ACTORS,
  type Actor,
  type AttributedFinding,
  assertNever,
  type Capture,
  CHECK_TAGS,
  type CheckTag,
  type Finding,
  type Level,
  type Outcome,
  type Registry,
  type Report,
  type Requirement,
  type RequirementRow,
  type RequirementSource,
  type Side,
  type Totals,
  VERDICTS,
  type Verdict,
} from "./engine/types.js";
/** A trace file (or stream) read and judged: the report, or as `mcp-conf validate` does, the outcome and its exit code. */
export {
  type JudgeTraceInputOptions,
  judgeTraceInput,
  reportExitCode,
  type TraceOutcome,
  VALIDATE_EXIT,
  validateFile,
} from "./file.js";
/** Probes among trace files: the probe of a session (`findProbe`), and every link in a store (`ProbeLinker`). */
export {
  type FoundProbe,
  findProbe,
  linkProbes,
  type ProbeCandidate,
  ProbeLinker,
  type ProbeLinks,
  probeLinksBeside,
  readProbeFacts,
  type TraceProbeLinks,
} from "./probe-file.js";
/** The spec as data: bundled registries per revision. */
export { knownRevisions, loadRegistry } from "./registry/index.js";
/** Reports: render a judged trace as text, JSON, JUnit XML or SARIF 2.1.0 (`renderReports` for several traces). */
export {
  escapeXml,
  escapeXmlAttribute,
  isReportFormat,
  type JudgedTrace,
  junitDocument,
  pathToUriReference,
  REPORT_FORMATS,
  type RenderContext,
  type ReportFormat,
  renderReport,
  renderReports,
  SARIF_SCHEMA,
  type TextRows,
} from "./report/index.js";
/** The registry as `mcp-conf requirements` prints it: text for people, JSON for tools. */
export { renderRequirementsJson, renderRequirementsText, requirementText } from "./report/requirements.js";
