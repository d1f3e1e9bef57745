/**
 * The initialize exchange (LIFE-001/002/004/007/010): it comes first, the client sends it, its params name a protocol
 * version (a dated revision, `YYYY-MM-DD`: nothing else can be a version the client supports), and the server's
 * result carries its capabilities, its information and a version that is a published revision.
 */

import type { Exchange, JsonRpcRequest, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { isKnownRevision, knownRevisions } from "../../registry/index.js";
import { jsonType, quote } from "../support/detail.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { paramsOf, sender } from "../support/readers.js";

/** A protocol version string as MCP dates its revisions: `YYYY-MM-DD`. */
const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A dual-era client may open with a `server/discover` probe (2026-07-28's stdio backward compatibility) and, refused
 * by a legacy server, fall back to initialize: the probe and its answer come before the initialization phase it
 * starts, and are no interaction of this session's era.
 */
export const initializeFirst: CheckDefinition = {
  id: "life.initialize-first",
  description:
    "The first message of a session, after a refused server/discover probe, is the client's initialize request.",
  subscribe: { messages: ["*"] },
  create(ctx) {
    let seen = false;
    let probe: unknown;
    return {
      message(ref: MessageRef) {
        if (seen) return;
        const m0 = ref.message;
        if (m0.type === "request" && m0.method === "server/discover" && ref.direction === "client-to-server") {
          if (probe === undefined) {
            probe = m0.id;
            return;
          }
        } else if (probe !== undefined && m0.type === "error" && m0.id === probe) return;
        seen = true;
        ctx.examined();
        const m = ref.message;
        if (m.type === "request" && m.method === "initialize" && ref.direction === "client-to-server") return;
        const what = m.type === "request" || m.type === "notification" ? `${m.type} ${quote(m.method)}` : m.type;
        ctx.report(ref.seq, `the session begins with a ${sender(ref)} ${what}, not the client's initialize request`);
      },
    };
  },
};

/** A rule over each initialize request (each that `applies`, when given): `judge` says what is wrong with it. */
export function initializeRequestCheck(rule: {
  id: string;
  description: string;
  applies?: (ref: MessageRef) => boolean;
  judge: (ref: MessageRef, request: JsonRpcRequest) => string | undefined;
}): CheckDefinition {
  const { id, description, applies = () => true, judge } = rule;
  return messageRuleCheck({
    id,
    description,
    subscribe: { messages: ["initialize"] },
    subject: (ref: MessageRef) => (ref.message.type === "request" && applies(ref) ? ref : undefined),
    judge: (ref) => judge(ref, ref.message as JsonRpcRequest),
  });
}

export const initializeFromClient = initializeRequestCheck({
  id: "life.initialize-from-client",
  description: "Only the client sends initialize requests.",
  judge: (ref, request) =>
    ref.direction === "server-to-client"
      ? `the server sent an initialize request (id ${quote(request.id)}); only the client initiates`
      : undefined,
});

export const requestedVersionFormat = initializeRequestCheck({
  id: "life.requested-version-format",
  description: "The client's initialize request names a protocol version: a dated revision string.",
  applies: (ref) => ref.direction === "client-to-server" && paramsOf(ref) !== undefined,
  judge(ref) {
    const version = paramsOf(ref)?.protocolVersion;
    if (typeof version === "string" && VERSION_PATTERN.test(version)) return undefined;
    return version === undefined
      ? "the initialize request names no protocolVersion"
      : `the initialize request names protocolVersion ${quote(version)} (${jsonType(version)}), not a dated revision such as "2025-11-25"`;
  },
});

/** The server's result object answering the client's initialize request; undefined otherwise. */
function initializeResult(exchange: Exchange): Record<string, unknown> | undefined {
  if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return undefined;
  const response = exchange.response;
  if (response?.message.type !== "result" || !isPlainObject(response.message.result)) return undefined;
  return response.message.result;
}

/** A rule over each result answering the client's initialize request (each that `applies`, when given). */
function initializeResultCheck(rule: {
  id: string;
  description: string;
  applies?: (result: Record<string, unknown>) => boolean;
  judge: (result: Record<string, unknown>) => string | undefined;
}): CheckDefinition {
  const { id, description, applies = () => true, judge } = rule;
  return messageRuleCheck({
    id,
    description,
    subscribe: { exchanges: ["initialize"] },
    subject: (exchange: Exchange) => {
      const result = initializeResult(exchange);
      return result && applies(result) ? result : undefined;
    },
    judge,
  });
}

export const initializeResultComplete = initializeResultCheck({
  id: "life.initialize-result-complete",
  description: "The server answers initialize with its capabilities and its implementation information.",
  judge(result) {
    const missing: string[] = [];
    if (!isPlainObject(result.capabilities)) missing.push(`"capabilities" (got ${describe(result, "capabilities")})`);
    if (!isPlainObject(result.serverInfo)) missing.push(`"serverInfo" (got ${describe(result, "serverInfo")})`);
    return missing.length > 0 ? `the initialize result lacks ${missing.join(" and ")}` : undefined;
  },
});

export const answeredVersionPublished = initializeResultCheck({
  id: "life.answered-version-published",
  description:
    "The server answers initialize with a protocol version that is a published revision of the specification.",
  // A missing or mistyped version is the schema check's.
  applies: (result) => typeof result.protocolVersion === "string",
  judge(result) {
    const version = result.protocolVersion as string;
    // Every published revision is bundled, so a version the validator does not know is one no server supports.
    if (isKnownRevision(version)) return undefined;
    return `the initialize result names protocolVersion ${quote(version)}, which is no published revision (${knownRevisions().join(", ")})`;
  },
});

function describe(object: Record<string, unknown>, key: string): string {
  return key in object ? jsonType(object[key]) : "nothing";
}
