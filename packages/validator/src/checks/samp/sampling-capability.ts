/**
 * Sampling capabilities on the wire: a client that answers sampling/createMessage declared `sampling`; tools in a
 * sampling request need `sampling.tools` (the server must not send them otherwise, and the client must refuse
 * them — with an error before 2026-07-28, by not answering the input request from 2026-07-28); `includeContext` "thisServer"/"allServers" is soft-deprecated and needs `sampling.context`.
 */
import { type Exchange, hasCapability, type MessageRef } from "@mcp-conf/session";
import { opensWithInitialize } from "../../engine/revision.js";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { answeredOnlyWhenDeclaredCheck, requestGateCheck } from "../support/capability-gates.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { paramsOf } from "../support/readers.js";

const CREATE = "sampling/createMessage";

/** Whether a sampling request is tool-enabled (carries `tools` or `toolChoice`). */
export function usesTools(ref: MessageRef): boolean {
  const params = paramsOf(ref);
  return params !== undefined && (params.tools !== undefined || params.toolChoice !== undefined);
}

function serverRequest(ref: MessageRef): boolean {
  return ref.message.type === "request" && ref.direction === "server-to-client";
}

/** A rule over each sampling/createMessage the server sends (each that `applies`, when given). */
function serverRequestRule(rule: {
  id: string;
  description: string;
  tags?: CheckDefinition["tags"];
  applies?: (ref: MessageRef) => boolean;
  judge: (ref: MessageRef, ctx: CheckContext) => string | undefined;
}): CheckDefinition {
  const { applies = () => true, ...named } = rule;
  return messageRuleCheck({
    ...named,
    subscribe: { messages: [CREATE] },
    subject: (ref: MessageRef) => (serverRequest(ref) && applies(ref) ? ref : undefined),
  });
}

export const answeredOnlyWhenDeclared = answeredOnlyWhenDeclaredCheck({
  id: "samp.answered-only-when-declared",
  description: "A client that answers sampling/createMessage with a result declared the sampling capability.",
  method: CREATE,
  capability: "sampling",
});

export const toolsOnlyWhenDeclared = serverRequestRule({
  id: "samp.tools-only-when-declared",
  description:
    "A server sends tools or toolChoice in sampling/createMessage only to a client that declared sampling.tools.",
  applies: usesTools,
  judge: (_ref, ctx) =>
    hasCapability(ctx.facts, "client.sampling.tools")
      ? undefined
      : "tool-enabled sampling/createMessage sent, but the client did not declare sampling.tools",
});

export const undeclaredToolsRejected = messageRuleCheck({
  id: "samp.undeclared-tools-rejected",
  description: "A client that did not declare sampling.tools answers a tool-enabled sampling request with an error.",
  subscribe: { exchanges: [CREATE] },
  // Every answer to a tool-enabled request is a subject: with sampling.tools declared none needs refusing.
  subject: (x: Exchange) =>
    x.type === "request" && serverRequest(x.request) && usesTools(x.request) ? (x.response ?? undefined) : undefined,
  judge(answer, ctx) {
    if (hasCapability(ctx.facts, "client.sampling.tools") || answer.message.type !== "result") return undefined;
    // At 2026-07-28 the request is an input request and its answer an input response in the retry, which cannot
    // be an error: the client refuses by leaving it unanswered (client/sampling, Error Handling).
    return opensWithInitialize(ctx.revision)
      ? "the client answered a tool-enabled sampling/createMessage with a result though it did not declare sampling.tools; it must return an error"
      : "the client's retry answers a tool-enabled sampling/createMessage input request with a CreateMessageResult though the request that drew it did not declare sampling.tools; it must refuse it, not serve it";
  },
});

const DEPRECATED_CONTEXT = new Set(["thisServer", "allServers"]);

/** The soft-deprecated includeContext value ("thisServer" or "allServers") a request uses, if any. */
function deprecatedIncludeContext(ref: MessageRef): string | undefined {
  const value = paramsOf(ref)?.includeContext;
  return typeof value === "string" && DEPRECATED_CONTEXT.has(value) ? value : undefined;
}

export const includeContextDeclared = serverRequestRule({
  id: "samp.include-context-declared",
  description: 'A server uses includeContext "thisServer"/"allServers" only if the client declared sampling.context.',
  judge(ref, ctx) {
    const value = deprecatedIncludeContext(ref);
    return value !== undefined && !hasCapability(ctx.facts, "client.sampling.context")
      ? `sampling/createMessage uses includeContext ${JSON.stringify(value)}, but the client did not declare sampling.context`
      : undefined;
  },
});

export const includeContextAvoided = serverRequestRule({
  id: "samp.include-context-avoided",
  description: 'A server avoids the soft-deprecated includeContext values "thisServer" and "allServers".',
  tags: ["deprecated"],
  judge(ref) {
    const value = deprecatedIncludeContext(ref);
    return value === undefined
      ? undefined
      : `sampling/createMessage uses the soft-deprecated includeContext ${JSON.stringify(value)}`;
  },
});

export const requestOnlyWhenDeclared = requestGateCheck({
  id: "samp.request-only-when-declared",
  description: "A server sends sampling/createMessage only to a client that declared the sampling capability.",
  methods: [CREATE],
  // A request the client served anyway is the client's declaration clause's to judge (SAMP-007).
  needs: (x) => (serverRequest(x.request) ? "sampling" : undefined),
  detail: () => "the server sent sampling/createMessage although the client did not declare the sampling capability",
});
