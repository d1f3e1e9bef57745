/**
 * meta.trace-context-format — `traceparent` and `tracestate` in any `_meta` follow W3C Trace Context: traceparent
 * `version-traceid-parentid-flags` in lower-case hex (version 00, trace and parent ids not all zeros), tracestate a
 * comma-separated list of at most 32 `key=value` members. (`baggage` follows W3C Baggage, left unjudged.)
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const TRACESTATE_MEMBER =
  /^([a-z0-9][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

function traceparentProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "is not a string";
  const match = TRACEPARENT.exec(value);
  if (!match) return "is not version-traceid-parentid-flags in lower-case hex";
  if (match[1] === "ff") return "has the invalid version ff";
  if (match[1] === "00" && match[5] !== undefined) return "has fields after the flags in version 00";
  if (/^0+$/.test(match[2]!)) return "has an all-zero trace id";
  if (/^0+$/.test(match[3]!)) return "has an all-zero parent id";
  return undefined;
}

function tracestateProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "is not a string";
  const members = value
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m !== "");
  if (members.length > 32) return "has more than 32 list members";
  const bad = members.find((m) => !TRACESTATE_MEMBER.test(m));
  return bad === undefined ? undefined : `has the malformed list member ${quote(bad)}`;
}

/** The two `_meta` keys judged, with the rule of each. */
const RULES = [
  ["traceparent", traceparentProblem],
  ["tracestate", tracestateProblem],
] as const;

export const traceContextFormat: CheckDefinition = {
  id: "meta.trace-context-format",
  description: "traceparent and tracestate in _meta follow W3C Trace Context.",
  subscribe: { messages: ["*"] },
  create(ctx) {
    const judge = (seq: number, meta: Record<string, unknown>) => {
      for (const [key, problemOf] of RULES) {
        if (!(key in meta)) continue;
        ctx.examined();
        const problem = problemOf(meta[key]);
        if (problem) ctx.report(seq, `_meta ${key} ${quote(meta[key])} ${problem}`);
      }
    };
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        const container =
          m.type === "request" || m.type === "notification" ? m.params : m.type === "result" ? m.result : undefined;
        if (isPlainObject(container) && isPlainObject(container._meta)) judge(ref.seq, container._meta);
      },
    };
  },
};
