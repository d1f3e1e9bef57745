/**
 * A resource that does not exist is reported with -32602 (Invalid Params) from 2026-07-28 on (server/resources#error-
 * handling). The one answer that says "not found" by its code alone is the withdrawn -32002, so that is what a trace
 * can hold against the sentence; any other error may have another cause.
 */
import type { Exchange } from "@mcp-conf/session";
import { messageRuleCheck } from "../support/message-rule.js";
import { errorCodeOf } from "../support/readers.js";

const RESOURCE_NOT_FOUND_BEFORE_2026 = -32002;

export const resNotFoundCode = messageRuleCheck({
  id: "res.not-found-code",
  description: "A resources/read of a resource that does not exist is answered with -32602, not the withdrawn -32002.",
  subscribe: { exchanges: ["resources/read"] },
  subject: (x: Exchange) =>
    x.type === "request" && x.request.direction === "client-to-server" && x.response ? x.response : undefined,
  judge: (response) =>
    errorCodeOf(response) === RESOURCE_NOT_FOUND_BEFORE_2026
      ? "the server answered resources/read with -32002 (resource not found), which 2026-07-28 replaced by -32602 (Invalid Params)"
      : undefined,
});
