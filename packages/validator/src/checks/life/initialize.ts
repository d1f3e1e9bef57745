/**
 * The initialize exchange (LIFE-001/002/004/007/010): it comes first, the client sends it, its params name a protocol
 * version (a dated revision, `YYYY-MM-DD`: nothing else can be a version the client supports), and the server's
 * result carries its capabilities, its information and a version that is a published revision.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { isKnownRevision, knownRevisions } from "../../registry/index.js";
import { jsonType, quote } from "../support/detail.js";
import { sender } from "../support/readers.js";

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

export const initializeFromClient: CheckDefinition = {
  id: "life.initialize-from-client",
  description: "Only the client sends initialize requests.",
  subscribe: { messages: ["initialize"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request") return;
        ctx.examined();
        if (ref.direction === "server-to-client") {
          ctx.report(
            ref.seq,
            `the server sent an initialize request (id ${quote(ref.message.id)}); only the client initiates`,
          );
        }
      },
    };
  },
};

export const requestedVersionFormat: CheckDefinition = {
  id: "life.requested-version-format",
  description: "The client's initialize request names a protocol version: a dated revision string.",
  subscribe: { messages: ["initialize"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server" || !isPlainObject(m.params)) return;
        ctx.examined();
        const version = m.params.protocolVersion;
        if (typeof version === "string" && VERSION_PATTERN.test(version)) return;
        ctx.report(
          ref.seq,
          version === undefined
            ? "the initialize request names no protocolVersion"
            : `the initialize request names protocolVersion ${quote(version)} (${jsonType(version)}), not a dated revision such as "2025-11-25"`,
        );
      },
    };
  },
};

/** The server's result object answering the client's initialize request, with its seq; undefined otherwise. */
function initializeResult(exchange: Exchange): { seq: number; result: Record<string, unknown> } | undefined {
  if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return undefined;
  const response = exchange.response;
  if (response?.message.type !== "result" || !isPlainObject(response.message.result)) return undefined;
  return { seq: response.seq, result: response.message.result };
}

export const initializeResultComplete: CheckDefinition = {
  id: "life.initialize-result-complete",
  description: "The server answers initialize with its capabilities and its implementation information.",
  subscribe: { exchanges: ["initialize"] },
  create(ctx) {
    return {
      exchange(exchange: Exchange) {
        const answer = initializeResult(exchange);
        if (!answer) return;
        ctx.examined();
        const { seq, result } = answer;
        const missing: string[] = [];
        if (!isPlainObject(result.capabilities))
          missing.push(`"capabilities" (got ${describe(result, "capabilities")})`);
        if (!isPlainObject(result.serverInfo)) missing.push(`"serverInfo" (got ${describe(result, "serverInfo")})`);
        if (missing.length > 0) {
          ctx.report(seq, `the initialize result lacks ${missing.join(" and ")}`);
        }
      },
    };
  },
};

export const answeredVersionPublished: CheckDefinition = {
  id: "life.answered-version-published",
  description:
    "The server answers initialize with a protocol version that is a published revision of the specification.",
  subscribe: { exchanges: ["initialize"] },
  create(ctx) {
    return {
      exchange(exchange: Exchange) {
        const answer = initializeResult(exchange);
        if (!answer) return;
        const version = answer.result.protocolVersion;
        if (typeof version !== "string") return; // the schema check judges a missing or mistyped version
        ctx.examined();
        // Every published revision is bundled, so a version the validator does not know is one no server supports.
        if (isKnownRevision(version)) return;
        ctx.report(
          answer.seq,
          `the initialize result names protocolVersion ${quote(version)}, which is no published revision (${knownRevisions().join(", ")})`,
        );
      },
    };
  },
};

function describe(object: Record<string, unknown>, key: string): string {
  return key in object ? jsonType(object[key]) : "nothing";
}
