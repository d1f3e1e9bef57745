/**
 * Which revision a trace is judged at: the one place that decides it (the judge asks it as the trace grows, the CLI
 * asks it about `--revision` before reading anything). In order:
 *
 * 1. `--revision` (the override), which must be a revision this validator knows;
 * 2. the version the session settled on (`declaredVersion`): the negotiated initialize version (legacy era), else the
 *    `_meta` protocol version of the first request answered with a result (modern era) — so a dual-era client that
 *    probes with `server/discover` and falls back to initialize is judged at the version it negotiated;
 * 3. once the trace has ended (or the judge can wait no longer): the first `_meta` protocol version a request
 *    declared, else the first `MCP-Protocol-Version` header — a modern session whose every request was refused;
 * 4. nothing: a `RevisionError` (pass `--revision`).
 *
 * A server that answers initialize with a version that is no published revision ("1.0", a future date) is judged at
 * the version the client asked for, with a note saying so (LIFE-010 judges the answer itself). Any other declared
 * version this validator does not know is a `RevisionError`. Each answer says where it came from, and may carry a
 * note for the user when the choice needs explaining.
 */
import { declaredVersion, type SessionFacts } from "@mcp-conf/session";
import { METHOD_TABLES } from "../generated/methods.js";
import { knownRevisions } from "../registry/index.js";
import { RevisionError } from "./errors.js";

/** Where a revision choice came from. */
export type RevisionSource =
  | "option"
  | "initialize"
  | "initialize-request"
  | "request-meta"
  | "protocol-version-header";

export interface RevisionChoice {
  revision: string;
  source: RevisionSource;
  /** Why this revision, when it is not simply the one declared (for the user; absent when obvious). */
  note?: string;
}

export interface RevisionQuestion {
  /** `--revision`: judge at this revision, whatever the trace declares. */
  override?: string;
  /** What the trace has shown so far. */
  facts?: SessionFacts;
  /** The trace has ended, or the judge can buffer no longer: settle for the weaker evidence, or throw. */
  final?: boolean;
  /** The revisions that can be judged; default: the bundled registries. */
  known?: readonly string[];
}

/**
 * The revision to judge at, or undefined while the trace has not settled one (never when `final`). Throws a
 * `RevisionError` for an unknown override, an unknown declared version, or (when `final`) no version at all.
 */
export function chooseRevision(question: RevisionQuestion): RevisionChoice | undefined {
  const known = question.known ?? knownRevisions();
  if (question.override !== undefined) {
    if (!known.includes(question.override)) throw RevisionError.unknown(question.override, known, false);
    return { revision: question.override, source: "option" };
  }
  const facts = question.facts ?? {};
  const settled = declaredVersion(facts);
  const choice: RevisionChoice | undefined =
    settled !== undefined
      ? { revision: settled, source: facts.negotiatedVersion !== undefined ? "initialize" : "request-meta" }
      : !question.final
        ? undefined
        : facts.statelessVersion !== undefined
          ? { revision: facts.statelessVersion, source: "request-meta" }
          : facts.headerVersion !== undefined
            ? { revision: facts.headerVersion, source: "protocol-version-header" }
            : undefined;
  if (choice === undefined) {
    if (question.final) throw RevisionError.undeclared(known);
    return undefined;
  }
  if (known.includes(choice.revision)) return choice;
  const requested = facts.requestedVersion;
  if (choice.source === "initialize" && requested !== undefined && known.includes(requested)) {
    return {
      revision: requested,
      source: "initialize-request",
      note: unpublishedAnswerNote(choice.revision, requested),
    };
  }
  throw RevisionError.unknown(choice.revision, known, true);
}

/** The report header's explanation when the server's initialize answer named no published revision. */
function unpublishedAnswerNote(answered: string, requested: string): string {
  return `the server answered protocol version ${JSON.stringify(answered)}, which is no published revision: judged at ${requested}, the version the client asked for`;
}

/** The newest revision this validator knows (the default of `mcp-conf requirements`). */
export function latestRevision(): string | undefined {
  const known = knownRevisions();
  return known[known.length - 1];
}

/** Whether a session at this revision opens with an initialize handshake (its schema has the method; 2026-07-28's has not). */
export function opensWithInitialize(revision: string): boolean {
  return Object.hasOwn(METHOD_TABLES, revision) && Object.hasOwn(METHOD_TABLES[revision]!.result, "initialize");
}
