/**
 * life.list-changed-declared — a server sends a list-change notification only for a list whose capability it
 * declared with `listChanged` ("Only use capabilities that were successfully negotiated"; at 2026-07-28 "Both parties
 * SHOULD respect capability negotiation"). A server that declared `tools` and sends tools/list_changed without
 * `tools.listChanged` satisfied "servers that support tools MUST declare the tools capability": the capability it
 * used without negotiating is `listChanged`. Without the capability itself, the notification is that capability's
 * clause's ("servers that support X MUST declare X"), so it is left to it. Judged once the server's capabilities are
 * known (initialize, `server/discover`, or a linked probe session's discover result).
 */
import { hasCapability, type MessageRef, serverCapabilitiesKnown } from "@mcp-conf/session";
import { quote } from "../support/detail.js";
import { messageRuleCheck } from "../support/message-rule.js";

/** List-change notification → the server capability it belongs to. */
const LISTS: Readonly<Record<string, string>> = {
  "notifications/tools/list_changed": "tools",
  "notifications/prompts/list_changed": "prompts",
  "notifications/resources/list_changed": "resources",
};

export const listChangedDeclared = messageRuleCheck({
  id: "life.list-changed-declared",
  description: "A server sends a list-change notification only for a capability it declared with listChanged.",
  subscribe: { messages: Object.keys(LISTS) },
  subject(ref: MessageRef, ctx) {
    const m = ref.message;
    if (ref.direction !== "server-to-client" || m.type !== "notification") return undefined;
    const capability = LISTS[m.method];
    if (capability === undefined || !serverCapabilitiesKnown(ctx.facts)) return undefined;
    if (!hasCapability(ctx.facts, `server.${capability}`)) return undefined; // the capability's own clause
    return { method: m.method, capability };
  },
  judge: ({ method, capability }, ctx) =>
    hasCapability(ctx.facts, `server.${capability}.listChanged`)
      ? undefined
      : `the server sent ${quote(method)} but its ${quote(capability)} capability does not declare listChanged`,
});
