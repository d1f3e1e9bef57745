/**
 * What a server's InputRequiredResult may hold: only on the requests that allow it (mrtr.input-required-methods),
 * with `inputRequests` or `requestState` (mrtr.input-required-content), each input request an elicitation, sampling
 * or roots request (mrtr.input-request-kinds) the requesting client declared the capability for
 * (mrtr.input-requests-declared).
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { inputRequiredResult } from "../support/input-rounds.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { requestCapabilities } from "../support/modern.js";
import type { JsonObject } from "../support/readers.js";
import { methodTypes } from "../support/schema-methods.js";

/** The input request methods and the client capability each needs. */
export const INPUT_REQUEST_CAPABILITY: Readonly<Record<string, string>> = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots",
};

type Answered = Extract<Exchange, { type: "request" }>;

/** The exchanges a client request drew an InputRequiredResult in, with that result. */
function answeredWithInputRequired(x: Exchange): { x: Answered; result: JsonObject } | undefined {
  const result = inputRequiredResult(x);
  return result && x.type === "request" ? { x, result } : undefined;
}

interface InputRequest {
  x: Answered;
  key: string;
  request: unknown;
}

/** What most exchanges hold: shared, never added to. */
const NO_INPUT_REQUESTS: readonly InputRequest[] = [];

/** Each input request of such an exchange, by key (none when inputRequests is not an object). */
function inputRequestsOf(exchange: Exchange): readonly InputRequest[] {
  const answered = answeredWithInputRequired(exchange);
  if (!answered || !isPlainObject(answered.result.inputRequests)) return NO_INPUT_REQUESTS;
  return Object.entries(answered.result.inputRequests).map(([key, request]) => ({ x: answered.x, key, request }));
}

export const inputRequiredMethods = messageRuleCheck({
  id: "mrtr.input-required-methods",
  description: "An InputRequiredResult answers only tools/call, prompts/get or resources/read.",
  subscribe: { exchanges: ["*request"] },
  subject: answeredWithInputRequired,
  judge: ({ x }, ctx: CheckContext) =>
    methodTypes(ctx.revision)?.inputRequired.has(x.method)
      ? undefined
      : `the server answered ${quote(x.method)} with an InputRequiredResult`,
});

export const inputRequiredContent = messageRuleCheck({
  id: "mrtr.input-required-content",
  description: "An InputRequiredResult holds inputRequests or requestState.",
  subscribe: { exchanges: ["*request"] },
  subject: answeredWithInputRequired,
  judge: ({ x, result }) =>
    result.inputRequests === undefined && result.requestState === undefined
      ? `the InputRequiredResult of ${quote(x.method)} has neither inputRequests nor requestState`
      : undefined,
});

/** The method of an input request, when it is one of the three. */
function inputRequestMethod(request: unknown): string | undefined {
  const method = isPlainObject(request) ? request.method : undefined;
  return typeof method === "string" && Object.hasOwn(INPUT_REQUEST_CAPABILITY, method) ? method : undefined;
}

export const inputRequestKinds = messageRuleCheck({
  id: "mrtr.input-request-kinds",
  description: "Every input request is an elicitation/create, sampling/createMessage or roots/list request.",
  subscribe: { exchanges: ["*request"] },
  subjects: inputRequestsOf,
  judge: ({ key, request }) =>
    inputRequestMethod(request) === undefined
      ? `input request ${quote(key)} has method ${quote((isPlainObject(request) ? request.method : undefined) ?? null)}, not elicitation/create, sampling/createMessage or roots/list`
      : undefined,
});

export const inputRequestsDeclared = messageRuleCheck({
  id: "mrtr.input-requests-declared",
  description: "Every input request needs a capability the request's _meta clientCapabilities declared.",
  subscribe: { exchanges: ["*request"] },
  subjects: (exchange: Exchange) =>
    inputRequestsOf(exchange).flatMap((entry) => {
      const method = inputRequestMethod(entry.request);
      return method === undefined ? [] : [{ ...entry, method }];
    }),
  judge({ x, key, method }) {
    const capability = INPUT_REQUEST_CAPABILITY[method]!;
    const value = requestCapabilities(x.request)?.[capability];
    if (value !== undefined && value !== null && value !== false) return undefined;
    return `input request ${quote(key)} is ${quote(method)}, but the ${quote(x.method)} request declared no ${quote(capability)} capability`;
  },
});
