/**
 * The rule "every request carries the required per-request `_meta` fields" (2026-07-28), as a check over the client
 * requests a page speaks of: basic/index states it for all of them (meta.required-fields-present) and each feature's
 * page restates it for its own (tool., res., prom., comp., page., mrtr.…), so a finding rests on the pages that
 * speak of the request at hand.
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

/** The rule over one feature's requests (`tools/…`). */
export function requiredFieldsPresentFor(id: string, feature: string): CheckDefinition {
  const prefix = `${feature}/`;
  return requiredFieldsPresentWhere(id, `Every ${prefix} request carries the required per-request _meta fields.`, (r) =>
    r.message.method.startsWith(prefix),
  );
}
