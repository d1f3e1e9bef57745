/**
 * The per-request `_meta` fields of 2026-07-28: every client request carries `io.modelcontextprotocol/protocolVersion`
 * and `io.modelcontextprotocol/clientCapabilities` (meta.required-fields-present), and clients should name themselves
 * on every request
 * (meta.client-info-present) as servers should in every result (meta.server-info-present).
 */
import { CLIENT_INFO_META_KEY, type Exchange, SERVER_INFO_META_KEY } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { requestMeta } from "../support/modern.js";
import { metaOf, resultOf } from "../support/readers.js";
import { clientRequest, requiredFieldsPresentWhere } from "../support/required-meta.js";

export const requiredFieldsPresent = requiredFieldsPresentWhere(
  "meta.required-fields-present",
  "Every client request carries the required per-request _meta fields.",
  () => true,
);

export const clientInfoPresent = messageRuleCheck({
  id: "meta.client-info-present",
  description: "Every client request names the client in _meta io.modelcontextprotocol/clientInfo.",
  subscribe: { messages: ["*request"] },
  subject: clientRequest,
  judge: (ref) =>
    requestMeta(ref)?.[CLIENT_INFO_META_KEY] === undefined
      ? `the ${quote(ref.message.method)} request carries no _meta ${quote(CLIENT_INFO_META_KEY)}`
      : undefined,
});

/**
 * Results that name the server in `_meta` serverInfo: every result but server/discover's (BASE-049's "every result"),
 * or server/discover's alone (VER-007's "Servers SHOULD include this field" in the DiscoverResult, which BASE-049
 * covers as well) — two checks, so a finding rests on the sentence about the result it concerns.
 */
function serverInfoCheck(id: string, description: string, discover: boolean): CheckDefinition {
  return messageRuleCheck({
    id,
    description,
    subscribe: { exchanges: discover ? ["server/discover"] : ["*request"] },
    subject(x: Exchange) {
      if (x.type !== "request" || x.request.direction !== "client-to-server") return undefined;
      if ((x.method === "server/discover") !== discover) return undefined;
      const result = resultOf(x.response);
      return result ? { method: x.method, result } : undefined;
    },
    judge: ({ method, result }) =>
      metaOf(result)?.[SERVER_INFO_META_KEY] === undefined
        ? `the result of ${quote(method)} carries no _meta ${quote(SERVER_INFO_META_KEY)}`
        : undefined,
  });
}

export const serverInfoPresent = serverInfoCheck(
  "meta.server-info-present",
  "Every result but server/discover's names the server in _meta io.modelcontextprotocol/serverInfo.",
  false,
);

export const discoverServerInfoPresent = serverInfoCheck(
  "meta.discover-server-info-present",
  "The server/discover result names the server in _meta io.modelcontextprotocol/serverInfo.",
  true,
);
