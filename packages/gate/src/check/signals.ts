/**
 * The signals `mcp-conf check` gates on, a closed set, and how each is read off one trace: the validator's report
 * (fail, warn, invalid, deprecated), the analysis model's calls (error — refused POSTs too —, tool-error, pending,
 * late-result, slow,
 * the tools called), its timeline (mismatch), the report's capture (incomplete), the recorder's secret detector
 * (secret; any scanner that reports a seq, a kind and a location) and the baseline store (drift, through
 * driftAgainstBaseline). Every hit names the seq it rests on, the call, and the side that owes it.
 */

import type { CallEntry, DefinitionsDiff, SessionAnalysis } from "@mcp-conf/analysis";
import { isOAuthErrorBody, senderOf } from "@mcp-conf/session";
import { type Direction, isPlainObject } from "@mcp-conf/trace-format";
import { checksTagged, type Report } from "@mcp-conf/validator";
import { fieldChangeLine, RUG_PULL_NOTE } from "../baseline/changes-text.js";

export const SIGNALS = [
  "fail",
  "warn",
  "error",
  "tool-error",
  "invalid",
  "mismatch",
  "pending",
  "late-result",
  "deprecated",
  "incomplete",
  "drift",
  "secret",
  "slow",
  "expect-tool",
  "forbid-tool",
] as const;
export type Signal = (typeof SIGNALS)[number];

/**
 * What `check` gates on when `--fail-on` is not given: a broken run, whatever the session was for — a MUST clause
 * failed, a line that is not JSON-RPC, an answer to nothing, a request left unanswered, a capture with holes. Error
 * answers and tool errors are left out (a test suite often provokes them on purpose), as are SHOULD clauses,
 * deprecations and late results (advice, or a race the spec allows), and the signals that need a setting.
 */
export const DEFAULT_SIGNALS: readonly Signal[] = ["fail", "invalid", "mismatch", "pending", "incomplete"];

/** Findings of the checks tagged `invalid-message`: a message that is not JSON-RPC or breaks the revision's schema. */
const INVALID_CHECKS = checksTagged("invalid-message");
/** Findings of the checks tagged `deprecated`: a deprecated feature in use. */
const DEPRECATION_CHECKS = checksTagged("deprecated");

/** Who owes a hit: a side of the session, or the capture itself. */
export type HitOwner = "server" | "client" | "server or client" | "capture";

export interface SignalHit {
  signal: Signal;
  seq?: number;
  /** The call it concerns: `tools/call echo`, `ping`, … */
  call?: string;
  owner: HitOwner;
  detail: string;
}

/** A secret some scanner found in an event (the recorder's `scanEventForSecrets` is one). */
export interface SecretFound {
  seq: number;
  /** What it looks like: `github-token`, `bearer-token`, … */
  kind: string;
  /** Where in the event: `payload/params/arguments/token`, `headers/<name>`, `text`, … */
  location: string;
}

export interface SignalInputs {
  analysis: SessionAnalysis;
  /** The clause-by-clause report; absent when the trace could not be judged (no revision: every request refused). */
  report?: Report;
  /** The secret detector's findings, each with the side that sent the event. */
  secrets: readonly (SecretFound & { owner: HitOwner })[];
  /** How the tools differ from the label's baseline; undefined when no baseline was consulted or none differ. */
  drift?: DefinitionsDiff;
  maxDurationMs?: number;
  expectTools: readonly string[];
  forbidTools: readonly string[];
}

/** An error with id null answers a message whose id the receiver could not read: no request to mismatch. */
const answersUnreadableId = (message: unknown) => isPlainObject(message) && message.id === null && "error" in message;
const callName = (call: CallEntry) => (call.target === undefined ? call.method : `${call.method} ${call.target}`);
const responder = (call: CallEntry): HitOwner => (call.direction === "client-to-server" ? "server" : "client");
const sender = (direction: Direction): HitOwner => senderOf(direction);

/** Every hit of the enabled signals, in signal order, then seq order. */
export function evaluateSignals(enabled: ReadonlySet<Signal>, input: SignalInputs): SignalHit[] {
  const hits: SignalHit[] = [];
  for (const signal of SIGNALS) if (enabled.has(signal)) hits.push(...hitsOf(signal, input));
  return hits;
}

function hitsOf(signal: Signal, input: SignalInputs): SignalHit[] {
  const { analysis, report } = input;
  const calls = analysis.timeline.filter((entry): entry is CallEntry => entry.kind === "call");
  const withStatus = (status: CallEntry["status"], detail: (call: CallEntry) => string) =>
    calls
      .filter((call) => call.status === status)
      .map((call) => ({ signal, seq: call.seq, call: callName(call), owner: responder(call), detail: detail(call) }));
  switch (signal) {
    case "fail":
    case "warn":
      return findingHits(report, signal, (row) => row.outcome === signal);
    case "invalid":
      return [
        ...analysis.timeline
          .filter((entry) => entry.kind === "invalid" || (entry.kind === "raw" && !entry.truncated))
          .map((entry) => ({
            signal,
            seq: entry.seq,
            owner: sender(entry.direction),
            detail: entry.kind === "raw" ? "a line that is not JSON" : "a message that is not JSON-RPC",
          })),
        ...findingHits(report, signal, () => true, INVALID_CHECKS),
      ];
    case "deprecated":
      return findingHits(report, signal, () => true, DEPRECATION_CHECKS);
    case "error":
      // An HTTP error status with no JSON-RPC answer (a refused POST) is an error answer too.
      return [
        ...withStatus("error", (call) => `error answer ${call.error?.code ?? ""} ${call.error?.message ?? ""}`.trim()),
        ...withStatus("refused", (call) => `refused with HTTP ${call.httpStatus}`),
      ].sort((a, b) => a.seq - b.seq);
    case "tool-error":
      return withStatus("tool-error", () => "the tool answered with isError: true");
    case "pending":
      return withStatus("pending", () => "never answered");
    case "late-result":
      return withStatus("late-result", (call) => `answered after its cancellation (seq ${call.cancelledSeq})`);
    case "mismatch":
      return analysis.timeline
        .filter(
          (entry) =>
            entry.kind === "orphan-response" && !answersUnreadableId(entry.message) && !isOAuthErrorBody(entry.message),
        )
        .map((entry) => ({
          signal,
          seq: entry.seq,
          owner: sender(entry.direction),
          detail: "an answer to no open request (an unknown id, or a second answer)",
        }));
    case "incomplete":
      return [
        ...analysis.losses.seqGaps.map((gap) => ({
          signal,
          seq: gap.before,
          owner: "capture" as const,
          detail: `${gap.missing} observation(s) missing between seq ${gap.after} and seq ${gap.before}`,
        })),
        ...analysis.losses.truncated.map((cut) => ({
          signal,
          seq: cut.seq,
          owner: "capture" as const,
          detail: `a message cut at the recorder's --max-message-bytes${cut.bytes === undefined ? "" : ` (${cut.bytes} bytes)`}`,
        })),
      ];
    case "secret":
      return input.secrets.map((secret) => ({
        signal,
        seq: secret.seq,
        owner: secret.owner,
        detail: `a ${secret.kind} at ${secret.location}`,
      }));
    case "slow": {
      const limit = input.maxDurationMs;
      if (limit === undefined) return [];
      return calls
        .filter((call) => call.latencyMs !== undefined && call.latencyMs > limit)
        .map((call) => ({
          signal,
          seq: call.seq,
          call: callName(call),
          owner: responder(call),
          detail: `took ${call.latencyMs} ms (limit ${limit} ms)`,
        }));
    }
    case "drift":
      return driftHits(input.drift);
    case "expect-tool": {
      const called = new Set(calls.filter((c) => c.method === "tools/call").map((c) => c.target));
      return input.expectTools
        .filter((name) => !called.has(name))
        .map((name) => ({ signal, owner: "client", detail: `tool ${JSON.stringify(name)} was never called` }));
    }
    case "forbid-tool": {
      const forbidden = new Set(input.forbidTools);
      return calls
        .filter((call) => call.method === "tools/call" && call.target !== undefined && forbidden.has(call.target))
        .map((call) => ({
          signal,
          seq: call.seq,
          call: callName(call),
          owner: "client",
          detail: "a forbidden tool was called",
        }));
    }
  }
}

function findingHits(
  report: Report | undefined,
  signal: Signal,
  rowMatches: (row: Report["requirements"][number]) => boolean,
  checks?: ReadonlySet<string>,
): SignalHit[] {
  if (report === undefined) return [];
  const seen = new Set<string>();
  const hits: SignalHit[] = [];
  for (const row of report.requirements) {
    if (!rowMatches(row)) continue;
    for (const finding of row.findings ?? []) {
      if (checks !== undefined && !checks.has(finding.check)) continue;
      const key =
        checks === undefined
          ? `${row.id}\u0000${finding.seq}\u0000${finding.detail}`
          : `${finding.seq}\u0000${finding.detail}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const detail = checks === undefined ? `${row.id} (${row.level}): ${finding.detail}` : finding.detail;
      const hit: SignalHit = { signal, owner: finding.owner ?? "server or client", detail };
      if (finding.seq !== undefined) hit.seq = finding.seq;
      hits.push(hit);
    }
  }
  return hits;
}

/** One hit per tool added, removed or changed since the baseline; a changed one lists its fields. */
function driftHits(diff: DefinitionsDiff | undefined): SignalHit[] {
  if (diff === undefined) return [];
  const hit = (name: string, seq: number | undefined, detail: string): SignalHit => ({
    signal: "drift",
    ...(seq === undefined ? {} : { seq }),
    call: `tool ${name}`,
    owner: "server",
    detail,
  });
  return [
    ...diff.added.map((tool) => hit(tool.name, tool.seq, "a tool the baseline does not have")),
    ...diff.removed.map((tool) => hit(tool.name, undefined, "a tool of the baseline no longer listed")),
    ...diff.changed.map((tool) => {
      const fields = tool.fields.map(fieldChangeLine);
      if (tool.fields.some((field) => field.path === "/description")) fields.push(RUG_PULL_NOTE);
      return hit(tool.name, tool.seq, `changed since the baseline: ${fields.join("; ")}`);
    }),
  ];
}
