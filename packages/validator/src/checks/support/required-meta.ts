/**
 * The rule "every request carries the required per-request `_meta` fields" (2026-07-28), as a check over client
 * requests. Basic/index's _meta section states it (meta.required-fields-present, BASE-045); the feature pages'
 * "Every request MUST include the required _meta fields; see _meta" point to it and are named as related clauses.
 */
import type { MessageRef, RequestRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "./detail.js";
import { messageRuleCheck } from "./message-rule.js";
import { missingRequestMeta } from "./modern.js";

/** Each request the client sends. */
export const clientRequest = (ref: MessageRef) =>
  ref.message.type === "request" && ref.direction === "client-to-server" ? (ref as RequestRef) : undefined;

function judgeRequiredFields(ref: RequestRef): string | undefined {
  const missing = missingRequestMeta(ref);
  if (missing.length === 0) return undefined;
  return `the ${quote(ref.message.method)} request lacks _meta ${missing.map((k) => quote(k)).join(" and ")}`;
}

/** The rule over the client requests `which` picks out. */
export function requiredFieldsPresentWhere(
  id: string,
  description: string,
  which: (request: RequestRef) => boolean,
): CheckDefinition {
  return messageRuleCheck({
    id,
    description,
    subscribe: { messages: ["*request"] },
    subject: (ref: MessageRef) => {
      const request = clientRequest(ref);
      return request && which(request) ? request : undefined;
    },
    judge: judgeRequiredFields,
  });
}
