/**
 * "Servers that declare the X capability MUST respond to X/list requests with the set of X currently available"
 * (2026-07-28): a server that declared the capability does not answer the list method with -32601 (Method not
 * found), as if it had no such feature. Any other error rejects that one request (an invalid cursor, a missing
 * client capability, an unsupported version) and is judged by its own clause. One factory serves tools, resources
 * and prompts; each area registers its own instance.
 */
import { type Exchange, hasCapability } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { METHOD_NOT_FOUND } from "./answers.js";
import { quote } from "./detail.js";
import { messageRuleCheck } from "./message-rule.js";
import { errorCodeOf } from "./readers.js";

export function listAnsweredCheck(id: string, method: string, capability: string): CheckDefinition {
  return messageRuleCheck({
    id,
    description: `A server that declared the ${capability} capability answers ${method}, never with -32601 (Method not found).`,
    subscribe: { exchanges: [method] },
    subject(x: Exchange, ctx) {
      if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return undefined;
      return hasCapability(ctx.facts, `server.${capability}`) ? x.response : undefined;
    },
    judge: (response) =>
      errorCodeOf(response) === METHOD_NOT_FOUND
        ? `the server declared the ${quote(capability)} capability but answered ${quote(method)} with -32601 (Method not found)`
        : undefined,
  });
}
