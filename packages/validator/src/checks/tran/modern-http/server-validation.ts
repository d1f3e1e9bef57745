/**
 * The server's side of Request Metadata (2026-07-28): a request whose headers disagree with its body, lack a
 * required header, or carry invalid characters in a recognised Mcp-Param header is rejected, never served; the
 * rejection is HTTP 400 with JSON-RPC error -32020 (HeaderMismatch); an unknown method is 404 with -32601 and an
 * unsupported version 400 with -32022. A status is judged only where the response's pairing with its request is
 * certain.
 */
import type { CheckContext } from "../../../engine/types.js";
import { INVALID_PARAMS, METHOD_NOT_FOUND } from "../../support/answers.js";
import { quote } from "../../support/detail.js";
import { HEADER_MISMATCH, missingRequestMeta, UNSUPPORTED_PROTOCOL_VERSION } from "../../support/modern.js";
import { errorCodeOf } from "../../support/readers.js";
import { routedCheck } from "../../support/routed-check.js";
import {
  type HeaderProblem,
  type HeaderProblemKind,
  REJECTED_HEADER_PROBLEMS,
  type RoutedAnswer,
} from "../../support/routed-requests.js";

/** A request served (answered with a result) although its headers show one of `kinds`. */
function notServedCheck(
  id: string,
  description: string,
  kinds: readonly HeaderProblemKind[],
  applies: (ctx: CheckContext) => boolean = () => true,
  on?: HeaderProblem["on"],
) {
  return routedCheck(id, description, {
    answered(ctx, answer) {
      if (answer.request.redacted || answer.message.type !== "result" || !applies(ctx)) return;
      ctx.examined();
      const problem = answer.request.problems.find((p) => kinds.includes(p.kind) && (on === undefined || p.on === on));
      if (problem) {
        ctx.report(
          answer.seq,
          `the server answered the ${answer.request.message.method} request with a result; ${problem.detail}`,
        );
      }
    },
  });
}

export const mismatchRejected = notServedCheck(
  "shttp.mismatch-rejected",
  "A request whose Mcp-Method, Mcp-Name or Mcp-Param headers (decoded) do not match its body is rejected, not served.",
  ["standard-mismatch", "encoding", "sentinel-plain", "marker-case", "param-mismatch"],
);

export const paramMismatchRejected = notServedCheck(
  "shttp.param-mismatch-rejected",
  "A tools/call whose Mcp-Param headers, decoded, do not match its arguments is rejected, not served.",
  ["encoding", "sentinel-plain", "marker-case", "param-mismatch"],
  () => true,
  "mcp-param",
);

export const missingHeaderRejected = notServedCheck(
  "shttp.missing-header-rejected",
  "A request without a required Mcp-Method or Mcp-Name header is rejected, not served.",
  ["standard-missing"],
);

export const invalidParamRejected = notServedCheck(
  "shttp.invalid-param-rejected",
  "A request whose recognised Mcp-Param header holds invalid characters is rejected, not served.",
  ["param-invalid-chars"],
);

/** Versions before 2025-06-18 did not define MCP-Protocol-Version; a server listing none of them must insist on it. */
const supportsHeaderlessClients = (ctx: CheckContext) =>
  (ctx.facts.supportedVersions ?? []).some((v) => typeof v === "string" && v < "2025-06-18");

export const versionHeaderRequired = notServedCheck(
  "shttp.version-header-required",
  "A server that lists no version before 2025-06-18 rejects a request without MCP-Protocol-Version.",
  ["version-missing"],
  (ctx) => ctx.facts.supportedVersions !== undefined && !supportsHeaderlessClients(ctx),
);

/**
 * A request missing a required `_meta` field is malformed, and basic/index has the server reject it with -32602: a
 * server that found that before its headers' failure keeps to that sentence (meta.malformed-request-rejected takes
 * -32020 for it in turn).
 */
function bodyRejection(answer: RoutedAnswer, code: number | undefined): boolean {
  return code === INVALID_PARAMS && missingRequestMeta(answer.request).length > 0;
}

function statusLine(answer: RoutedAnswer): string {
  return `HTTP ${answer.status} with error ${quote(errorCodeOf(answer.ref) ?? null)}`;
}

export const headerRejectionForm = routedCheck(
  "shttp.header-rejection-form",
  "A request rejected for its headers gets HTTP 400 and JSON-RPC error -32020 (HeaderMismatch).",
  {
    answered(ctx, answer) {
      if (answer.message.type !== "error" || answer.request.redacted) return;
      const code = errorCodeOf(answer.ref);
      const problem = answer.request.problems.find((p) => REJECTED_HEADER_PROBLEMS.includes(p.kind));
      if (code !== HEADER_MISMATCH && !problem) return;
      if (answer.status === undefined && code === HEADER_MISMATCH) return;
      ctx.examined();
      if (code === HEADER_MISMATCH && answer.status === 400) return;
      if (code === HEADER_MISMATCH) {
        ctx.report(answer.seq, `a HeaderMismatch error came with ${statusLine(answer)}, not HTTP 400`);
      } else if (code !== UNSUPPORTED_PROTOCOL_VERSION && !bodyRejection(answer, code)) {
        ctx.report(
          answer.seq,
          `the request's headers failed validation (${problem!.detail}); it was rejected with ${answer.status === undefined ? `error ${quote(code ?? null)}` : statusLine(answer)}, not HTTP 400 and -32020`,
        );
      }
    },
  },
);

function errorStatusCheck(id: string, description: string, code: number, status: number, name: string) {
  return routedCheck(id, description, {
    answered(ctx, answer) {
      if (answer.message.type !== "error" || errorCodeOf(answer.ref) !== code || answer.status === undefined) return;
      ctx.examined();
      if (answer.status !== status) {
        ctx.report(
          answer.seq,
          `${name} (${code}) to ${quote(answer.request.message.method)} came with HTTP ${answer.status}, not ${status}`,
        );
      }
    },
  });
}

export const unknownMethod404 = errorStatusCheck(
  "shttp.unknown-method-404",
  "A request for a method the server does not implement gets HTTP 404 with JSON-RPC error -32601.",
  METHOD_NOT_FOUND,
  404,
  "Method not found",
);

export const unsupportedVersion400 = errorStatusCheck(
  "shttp.unsupported-version-400",
  "A request at a protocol version the server does not implement gets HTTP 400 with UnsupportedProtocolVersionError.",
  UNSUPPORTED_PROTOCOL_VERSION,
  400,
  "UnsupportedProtocolVersionError",
);

export const versionMismatchRejected = routedCheck(
  "shttp.version-mismatch-rejected",
  "A request whose MCP-Protocol-Version header differs from its _meta version gets HTTP 400 with -32020.",
  {
    answered(ctx, answer) {
      if (answer.request.redacted || !answer.request.compared.has("version")) return;
      ctx.examined();
      const problem = answer.request.problems.find((p) => p.kind === "version-mismatch");
      if (!problem) return;
      if (answer.message.type === "result") {
        ctx.report(
          answer.seq,
          `the server answered the ${answer.request.message.method} request with a result; ${problem.detail}`,
        );
        return;
      }
      const code = errorCodeOf(answer.ref);
      if (code !== HEADER_MISMATCH || (answer.status !== undefined && answer.status !== 400)) {
        ctx.report(
          answer.seq,
          `${problem.detail}; the server rejected it with ${answer.status === undefined ? `error ${quote(code ?? null)}` : statusLine(answer)}, not HTTP 400 and -32020`,
        );
      }
    },
  },
);

export const encodedValuesDecoded = routedCheck(
  "shttp.encoded-values-decoded",
  "A request whose Base64-encoded Mcp-Name or Mcp-Param values match its body once decoded is not refused as a HeaderMismatch.",
  {
    answered(ctx, answer) {
      const { request } = answer;
      if (request.redacted || !request.compared.has("encoded") || request.problems.length > 0) return;
      ctx.examined();
      if (errorCodeOf(answer.ref) === HEADER_MISMATCH) {
        ctx.report(
          answer.seq,
          `the server refused the ${request.message.method} request as a HeaderMismatch, though its encoded headers decode to the body's values`,
        );
      }
    },
  },
);
