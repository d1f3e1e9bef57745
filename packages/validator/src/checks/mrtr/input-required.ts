/**
 * What a server's InputRequiredResult may hold: only on the requests that allow it (mrtr.input-required-methods),
 * with `inputRequests` or `requestState` (mrtr.input-required-content), each input request an elicitation, sampling
 * or roots request (mrtr.input-request-kinds) the requesting client declared the capability for
 * (mrtr.input-requests-declared).
 */
import { type Exchange, isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { inputRequiredResult } from "../support/input-rounds.js";
import { requestCapabilities } from "../support/modern.js";
import type { JsonObject } from "../support/readers.js";
import { methodTypes } from "../support/schema-methods.js";

/** The input request methods and the client capability each needs. */
export const INPUT_REQUEST_CAPABILITY: Readonly<Record<string, string>> = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots",
};

function inputRequiredCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, x: Extract<Exchange, { type: "request" }>, result: JsonObject) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["*"] },
    create(ctx) {
      return {
        exchange(exchange: Exchange) {
          const result = inputRequiredResult(exchange);
          if (result && exchange.type === "request") judge(ctx, exchange, result);
        },
      };
    },
  };
}

export const inputRequiredMethods = inputRequiredCheck(
  "mrtr.input-required-methods",
  "An InputRequiredResult answers only tools/call, prompts/get or resources/read.",
  (ctx, x) => {
    ctx.examined();
    if (!methodTypes(ctx.revision)?.inputRequired.has(x.method))
      ctx.report(x.response!.seq, `the server answered ${quote(x.method)} with an InputRequiredResult`);
  },
);

export const inputRequiredContent = inputRequiredCheck(
  "mrtr.input-required-content",
  "An InputRequiredResult holds inputRequests or requestState.",
  (ctx, x, result) => {
    ctx.examined();
    if (result.inputRequests === undefined && result.requestState === undefined)
      ctx.report(
        x.response!.seq,
        `the InputRequiredResult of ${quote(x.method)} has neither inputRequests nor requestState`,
      );
  },
);

/** Each input request of a result, by key; nothing when inputRequests is not an object. */
function inputRequests(result: JsonObject): [string, unknown][] {
  return isPlainObject(result.inputRequests) ? Object.entries(result.inputRequests) : [];
}

export const inputRequestKinds = inputRequiredCheck(
  "mrtr.input-request-kinds",
  "Every input request is an elicitation/create, sampling/createMessage or roots/list request.",
  (ctx, x, result) => {
    for (const [key, request] of inputRequests(result)) {
      ctx.examined();
      const method = isPlainObject(request) ? request.method : undefined;
      if (typeof method !== "string" || !Object.hasOwn(INPUT_REQUEST_CAPABILITY, method))
        ctx.report(
          x.response!.seq,
          `input request ${quote(key)} has method ${quote(method ?? null)}, not elicitation/create, sampling/createMessage or roots/list`,
        );
    }
  },
);

export const inputRequestsDeclared = inputRequiredCheck(
  "mrtr.input-requests-declared",
  "Every input request needs a capability the request's _meta clientCapabilities declared.",
  (ctx, x, result) => {
    const declared = requestCapabilities(x.request) ?? {};
    for (const [key, request] of inputRequests(result)) {
      const method = isPlainObject(request) ? request.method : undefined;
      if (typeof method !== "string" || !Object.hasOwn(INPUT_REQUEST_CAPABILITY, method)) continue;
      ctx.examined();
      const capability = INPUT_REQUEST_CAPABILITY[method]!;
      const value = declared[capability];
      if (value === undefined || value === null || value === false)
        ctx.report(
          x.response!.seq,
          `input request ${quote(key)} is ${quote(method)}, but the ${quote(x.method)} request declared no ${quote(capability)} capability`,
        );
    }
  },
);
