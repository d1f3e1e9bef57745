/**
 * The server's side of the per-request `_meta` fields (2026-07-28, basic/index#meta): a request missing a required
 * field is malformed and is rejected with -32602 (meta.malformed-request-rejected), on HTTP with status 400
 * (meta.malformed-request-400); a MissingRequiredClientCapabilityError comes with status 400 too
 * (meta.missing-capability-400). A status is judged only where the response's pairing with its request is certain.
 */
import { type Exchange, trimOldest } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { INVALID_PARAMS } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, missingRequestMeta } from "../support/modern.js";
import { errorCodeOf } from "../support/readers.js";
import { routedCheck, routedRequests } from "../support/routed-check.js";
import {
  type HeaderProblemKind,
  REJECTED_HEADER_PROBLEMS,
  type RoutedAnswer,
  type RoutedReading,
} from "../support/routed-requests.js";

/** A missing MCP-Protocol-Version fails Server Validation too, for a server that does not serve older clients. */
const HEADER_FAILURES: readonly HeaderProblemKind[] = [...REJECTED_HEADER_PROBLEMS, "version-missing"];
const MAX_TRACKED = 4096;

const lacking = (method: string, missing: readonly string[]) =>
  `the ${quote(method)} request lacks _meta ${missing.map((k) => quote(k)).join(" and ")}`;

/** The rejection -32602 of basic/index, or over HTTP -32020 where the request's headers failed Server Validation too. */
export const malformedRequestRejected: CheckDefinition<RoutedReading> = {
  id: "meta.malformed-request-rejected",
  description: "A request missing a required per-request _meta field is rejected with error -32602 (Invalid params).",
  // Every answered client request is a subject: one with its fields needs no rejection. A legacy client's
  // `initialize` is not: basic/versioning leaves the code of its rejection to the server ("implementation-defined").
  subscribe: { exchanges: ["*request"] },
  reads: routedRequests,
  create(ctx) {
    /** Body seqs of HTTP requests whose headers failed validation, until their answer: bounded like the reading. */
    const headersFailed = new Set<number>();
    return {
      read({ settled }) {
        if (settled && !settled.redacted && settled.problems.some((p) => HEADER_FAILURES.includes(p.kind))) {
          headersFailed.add(settled.bodySeq);
          trimOldest(headersFailed, MAX_TRACKED);
        }
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
        if (x.method === "initialize") return;
        ctx.examined();
        const headerRejected = headersFailed.delete(x.request.seq);
        const missing = missingRequestMeta(x.request);
        const code = errorCodeOf(x.response);
        if (missing.length === 0 || code === INVALID_PARAMS || (headerRejected && code === HEADER_MISMATCH)) return;
        ctx.report(
          x.response.seq,
          `${lacking(x.method, missing)}; the server answered it with ${code === undefined ? "a result" : `error ${code}`}, not error -32602`,
        );
      },
    };
  },
};

/** The malformed request an error answered over HTTP, with the status that carried it (certain pairings only). */
function httpRejection(answer: RoutedAnswer) {
  if (answer.message.type !== "error" || answer.status === undefined || answer.request.redacted) return undefined;
  return { method: answer.request.message.method, status: answer.status, code: errorCodeOf(answer.ref) };
}

export const malformedRequest400 = routedCheck(
  "meta.malformed-request-400",
  "On HTTP, a request missing a required per-request _meta field is rejected with status 400 Bad Request.",
  {
    // Every error answered with a known status is a subject: only a malformed request's must be 400.
    answered(ctx, answer) {
      const rejection = httpRejection(answer);
      if (!rejection) return;
      ctx.examined();
      const missing = missingRequestMeta(answer.request);
      if (missing.length > 0 && rejection.status !== 400) {
        ctx.report(
          answer.seq,
          `${lacking(rejection.method, missing)}; it was rejected with HTTP ${rejection.status}, not 400`,
        );
      }
    },
  },
);

export const missingCapability400 = routedCheck(
  "meta.missing-capability-400",
  "On HTTP, a MissingRequiredClientCapabilityError (-32021) comes with status 400 Bad Request.",
  {
    answered(ctx, answer) {
      const rejection = httpRejection(answer);
      if (rejection?.code !== MISSING_CLIENT_CAPABILITY) return;
      ctx.examined();
      if (rejection.status !== 400) {
        ctx.report(
          answer.seq,
          `MissingRequiredClientCapabilityError (-32021) to ${quote(rejection.method)} came with HTTP ${rejection.status}, not 400`,
        );
      }
    },
  },
);
