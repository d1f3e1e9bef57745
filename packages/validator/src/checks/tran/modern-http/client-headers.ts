/**
 * The client's routing headers on each POST carrying a request (2026-07-28 Request Metadata): MCP-Protocol-Version
 * present and equal to the body's `_meta` version; Mcp-Method always, Mcp-Name for tools/call, prompts/get and
 * resources/read, each equal to the body; values that are not header-safe (and values of the sentinel's shape)
 * Base64-encoded with lower-case markers; every `x-mcp-header` argument with a value mirrored into its
 * `Mcp-Param-{Name}` header, and none for an argument that is null or absent. One check per sentence.
 */
import { routedCheck } from "../../support/routed-check.js";
import type { HeaderProblem, HeaderProblemKind, RoutedRequest } from "../../support/routed-requests.js";

function clientHeaderCheck(
  id: string,
  description: string,
  subject: (request: RoutedRequest) => boolean,
  kinds: readonly HeaderProblemKind[],
  on?: HeaderProblem["on"],
  argument?: HeaderProblem["argument"],
) {
  return routedCheck(id, description, {
    settled(ctx, request) {
      if (request.redacted || !subject(request)) return;
      ctx.examined();
      for (const problem of request.problems) {
        if (!kinds.includes(problem.kind) || (on !== undefined && problem.on !== on)) continue;
        if (argument === undefined || problem.argument === argument) {
          ctx.report(request.seq, `the ${request.message.method} request's POST: ${problem.detail}`);
        }
      }
    },
  });
}

export const protocolVersionHeaderPresent = clientHeaderCheck(
  "shttp.protocol-version-header-present",
  "Every POST carrying a request has an MCP-Protocol-Version header.",
  () => true,
  ["version-missing"],
);

export const protocolVersionHeaderMatches = clientHeaderCheck(
  "shttp.protocol-version-header-matches",
  "The MCP-Protocol-Version header equals the protocol version in the request body's _meta.",
  (request) => request.compared.has("version"),
  ["version-mismatch"],
);

export const standardHeadersPresent = clientHeaderCheck(
  "shttp.standard-headers-present",
  "Every POST carrying a request has Mcp-Method, and Mcp-Name when it is tools/call, prompts/get or resources/read.",
  (request) => request.compared.has("standard"),
  ["standard-missing"],
);

export const standardHeadersMatch = clientHeaderCheck(
  "shttp.standard-headers-match",
  "Mcp-Method equals the body's method and Mcp-Name (decoded) its params.name or params.uri.",
  (request) => request.compared.has("standard"),
  ["standard-mismatch"],
);

export const nameValueEncoded = clientHeaderCheck(
  "shttp.name-value-encoded",
  "An Mcp-Name value that is not header-safe ASCII travels as =?base64?{Base64 of its UTF-8}?=.",
  (request) => request.compared.has("mirrored"),
  ["encoding", "unencoded"],
  "mcp-name",
);

export const paramValuesEncoded = clientHeaderCheck(
  "shttp.param-values-encoded",
  "An Mcp-Param value that is not header-safe ASCII travels as =?base64?{Base64 of its UTF-8}?=.",
  (request) => request.compared.has("param-present"),
  ["encoding", "unencoded"],
  "mcp-param",
);

export const sentinelShapedValuesEncoded = clientHeaderCheck(
  "shttp.sentinel-shaped-values-encoded",
  "A plain value that starts with =?base64? and ends with ?= is itself Base64-encoded.",
  (request) => request.compared.has("mirrored") || request.compared.has("param-present"),
  ["sentinel-plain"],
);

export const base64MarkersLowercase = clientHeaderCheck(
  "shttp.base64-markers-lowercase",
  "The Base64 markers are written exactly =?base64? and ?=, in lower case.",
  (request) => request.compared.has("mirrored") || request.compared.has("param-present"),
  ["marker-case"],
);

export const paramHeadersMirrored = clientHeaderCheck(
  "shttp.param-headers-mirrored",
  "Each tools/call argument its tool marks x-mcp-header, when it has a value, is mirrored into Mcp-Param-{Name}.",
  (request) => request.compared.has("param-present"),
  ["param-mismatch"],
);

export const paramHeadersOmitted = clientHeaderCheck(
  "shttp.param-headers-omitted",
  "No Mcp-Param-{Name} header is sent for an x-mcp-header argument that is null or absent.",
  (request) => request.compared.has("param-absent"),
  ["param-unexpected"],
);

/** The Server Behavior table's rows, one per case: a null argument, an argument left out. */
export const nullParamHeaderOmitted = clientHeaderCheck(
  "shttp.null-param-header-omitted",
  "No Mcp-Param-{Name} header is sent for an x-mcp-header argument whose value is null.",
  (request) => request.compared.has("param-null"),
  ["param-unexpected"],
  undefined,
  "null",
);

export const missingParamHeaderOmitted = clientHeaderCheck(
  "shttp.missing-param-header-omitted",
  "No Mcp-Param-{Name} header is sent for an x-mcp-header argument left out of the arguments.",
  (request) => request.compared.has("param-missing"),
  ["param-unexpected"],
  undefined,
  "absent",
);

export const noClientResponses = routedCheck(
  "shttp.no-client-responses",
  "The client POSTs requests and notifications only, never a JSON-RPC response.",
  {
    settled(ctx) {
      ctx.examined();
    },
    clientResponse(ctx, response) {
      ctx.examined();
      ctx.report(
        response.seq,
        `the client POSTed a JSON-RPC ${response.message.type === "error" ? "error" : "result"} response`,
      );
    },
  },
);
